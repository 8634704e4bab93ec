/** The date input's upper bound: today where the browser is (a birth date cannot be in the future). */
export function todayIso(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** People type "ana.ge" for their site: it is sent as https://ana.ge, anything else as typed. */
export function websiteValue(input: string): string {
  const s = input.trim();
  if (!s || /^[a-z][a-z0-9+.-]*:/i.test(s)) return s;
  return `https://${s}`;
}
