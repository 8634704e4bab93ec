/**
 * A time zone as the picker shows it: its name in the reader's language (the browser's Intl words it:
 * "Georgia Time", "Грузия", "დრო: საქართველო") with the zone's id, which tells apart the many zones that
 * share a name. Labels are kept per language: some 400 zones take the browser a while to name.
 */
const labels = new Map<string, Map<string, string>>();

export function zoneLabel(zone: string, locale: string): string {
  let named = labels.get(locale);
  if (!named) labels.set(locale, (named = new Map()));
  let label = named.get(zone);
  if (label === undefined) {
    let name: string | undefined;
    try {
      name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "longGeneric" })
        .formatToParts(0)
        .find((p) => p.type === "timeZoneName")?.value;
    } catch {
      // A zone this browser does not know: its id alone.
    }
    label = name && name !== zone ? `${name} (${zone.replace(/_/g, " ")})` : zone.replace(/_/g, " ");
    named.set(zone, label);
  }
  return label;
}
