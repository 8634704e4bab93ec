import { describe, expect, it } from "vitest";
import {
  blankKeys,
  flatten,
  missingKeys,
  placeholderMismatches,
  PLURAL_SUFFIX,
  untranslatedKeys,
  type Tree,
} from "../../tests/locale-checks";
import { categories as communityCategories, exploreSorts, planIds, subscriptionIntervals } from "../../common/catalog";
import {
  eventFilters,
  eventTypes,
  inviteLinkStates,
  leaderboardPeriods,
  memberRoles,
  memberSorts,
  reportTargetKinds,
  reviewDecisions,
  reviewStatuses,
  searchKinds,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from "../../common/contract/enums";
import { hasKey, keyLikeLiterals, usedKeys, type UsedKey } from "../test/translation-keys";
import { THEMES } from "./theme";
import en from "../locales/en.json";
import ka from "../locales/ka.json";
import ru from "../locales/ru.json";

/** The app-wide bundle plus every feature namespace (web/features/<ns>/i18n/<lng>.json), as "ns:" keys. */
const featureFiles = import.meta.glob<Tree>("../features/*/i18n/*.json", { eager: true, import: "default" });
const locales: Record<string, Tree> = { en: { ...en }, ka: { ...ka }, ru: { ...ru } };
for (const [path, tree] of Object.entries(featureFiles)) {
  const [, ns, lng] = path.match(/features\/([^/]+)\/i18n\/(\w+)\.json$/)!;
  (locales[lng!] ??= {})[`${ns}:`] = tree;
}

const flat = Object.fromEntries(Object.entries(locales).map(([lng, tree]) => [lng, flatten(tree)]));
const languages = Object.keys(flat);
const categories = (lng: string) => new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];

/** The keys the app's code interpolates a `count` into: `t("key", { count ... })`. */
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../test/**"], {
  eager: true,
  query: "?raw",
  import: "default",
});
const countedKeys = [
  ...new Set(
    Object.values(sources).flatMap((source) =>
      [...source.matchAll(/\bt\(\s*"([\w.:]+)"\s*,\s*\{[^}]*\bcount\b/g)].map((m) => m[1]!.replace(/^\w+:/, "")),
    ),
  ),
];

/** Every key the code asks for, with the namespace it asks in (web/test/translation-keys.ts says how it reads them). */
const featureNamespaces = new Set(Object.keys(flat.en!).flatMap((k) => k.match(/^(\w+):\./)?.[1] ?? []));
const calls: UsedKey[] = Object.entries(sources).flatMap(([path, source]) => usedKeys(path, source, featureNamespaces));
const where = (u: UsedKey) => `${u.file.replace(/^\.\.\//, "web/")}:${u.line} ${u.ns}:${u.key}`;

/**
 * What the `${...}` of the commonest template keys takes: each value's key must exist, not only one of
 * them. The key is written as the reader reports it (`ns:` then the template with `*`).
 */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  "translation:tabs.*": ["community", "classroom", "calendar", "members", "leaderboards", "notifications", "about", "settings"],
  "translation:preferences.themes.*": THEMES,
  "translation:search.kinds.*": searchKinds,
  "translation:tickets.status.*": ticketStatuses,
  "communities:categories.*": communityCategories,
  "communities:intervals.*": subscriptionIntervals,
  "payments:intervals.*": subscriptionIntervals,
  "communities:sort.*": exploreSorts,
  "communities:plans.*.name": planIds,
  "communities:plans.*.description": planIds,
  "communities:roles.*": [...memberRoles, "owner"],
  "communities:members.sort.*": memberSorts,
  "communities:reports.kind.*": reportTargetKinds,
  "members:roles.*": [...memberRoles, "owner"],
  "members:sort.*": memberSorts,
  "members:links.state.*": inviteLinkStates,
  "profile:roles.*": memberRoles,
  "calendar:types.*": eventTypes,
  "calendar:filters.*": eventFilters,
  "calendar:empty.*": eventFilters,
  "support:priorities.*": ticketPriorities,
  "support:categories.*": ticketCategories,
  "leaderboard:periods.*": leaderboardPeriods,
  // Only rejecting and suspending ask for a reason in a dialog.
  "admin:decision.*.title": ["reject", "suspend"],
  "admin:decision.*.description": ["reject", "suspend"],
  "admin:decision.*.confirm": ["reject", "suspend"],
  "admin:decision.*.action": reviewDecisions,
  "admin:decision.*.done": reviewDecisions,
  "admin:empty.*": reviewStatuses,
};
const used: UsedKey[] = calls.flatMap((u) => {
  const values = u.pattern && TEMPLATE_VALUES[`${u.ns}:${u.key}`];
  return values ? values.map((v) => ({ ...u, key: u.key.replace("*", v), pattern: undefined })) : [u];
});

/**
 * Keys held in a variable before they are asked for (form errors, a price's wording, a notification's
 * sentence): the code's string literals shaped like a key of the file's namespace or the app-wide one.
 * These literals have that shape and are no keys: the live channels' event names.
 */
const NOT_KEYS = new Set([
  "post.created",
  "post.updated",
  "post.deleted",
  "post.counters",
  "poll.counts",
  "message.created",
  "message.updated",
  "message.send",
  "message.ack",
  "message.refused",
]);
const topGroups = (ns: string) =>
  new Set(
    Object.keys(flat.en!)
      .filter((k) => (ns === "translation" ? !/^\w+:\./.test(k) : k.startsWith(`${ns}:.`)))
      .map((k) => k.replace(/^\w+:\./, "").split(".")[0]!),
  );
const groups = Object.fromEntries(["translation", ...featureNamespaces].map((ns) => [ns, topGroups(ns)]));
const heldKeys: UsedKey[] = Object.entries(sources)
  .flatMap(([path, source]) => keyLikeLiterals(path, source, featureNamespaces))
  .filter((u) => !NOT_KEYS.has(u.key) && [u.ns, u.orNs].some((ns) => ns && groups[ns]!.has(u.key.split(".")[0]!)));

/**
 * Texts that read the same in every language: names (the app's, the languages' own, brands), and strings
 * of only numbers, placeholders and signs ('{{count}}m' is Georgian's and Russian's short form too).
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "Agora",
  "English",
  "ქართული",
  "Русский",
  "CVV",
  "Flitt",
  "YouTube",
  "Vimeo",
  "Google",
  "Apple",
  "Outlook",
]);
const formatOnly = (value: string) => !/\p{L}{2,}/u.test(value.replace(/{{[^}]*}}/g, ""));

describe("locales", () => {
  it("finds the keys the code uses", () => {
    // A guard against the reader silently finding nothing.
    expect(used.length).toBeGreaterThan(1000);
    expect(used.filter((u) => u.ns !== "translation").length).toBeGreaterThan(500);
    expect(heldKeys.length).toBeGreaterThan(20);
    // Every template listed is one the code still writes.
    const templates = new Set(calls.filter((u) => u.pattern).map((u) => `${u.ns}:${u.key}`));
    expect(Object.keys(TEMPLATE_VALUES).filter((k) => !templates.has(k))).toEqual([]);
  });

  it.each(languages)("%s has every key the code asks for, in the namespace it asks in", (lng) => {
    expect(used.filter((u) => !hasKey(flat[lng]!, u)).map(where)).toEqual([]);
  });

  it("writes English as the spec does: 'email' (never 'e-mail'), 'Privacy and Security' (never '&')", () => {
    const off = Object.entries(flat.en!).filter(([, v]) => /e-mail|Privacy & Security/i.test(String(v)));
    expect(off.map(([key, value]) => `${key}: ${String(value)}`)).toEqual([]);
  });

  it.each(languages)("%s has every key the code holds in a variable before asking", (lng) => {
    expect(heldKeys.filter((u) => !hasKey(flat[lng]!, u)).map(where)).toEqual([]);
  });

  it.each(["ka", "ru"])("%s says nothing word for word as English but names and format-only strings", (lng) => {
    const same = Object.entries(flat[lng]!).filter(
      ([key, value]) =>
        typeof value === "string" && value === flat.en![key] && !SAME_IN_EVERY_LANGUAGE.has(value) && !formatOnly(value),
    );
    expect(same.map(([key, value]) => `${key}: ${String(value)}`)).toEqual([]);
  });

  it.each(languages)("%s has every key the others have", (lng) => {
    for (const other of languages)
      expect(missingKeys(flat[lng]!, flat[other]!), `keys in ${other} but not in ${lng}`).toEqual([]);
  });

  it.each(languages)("%s has no empty or non-string values", (lng) => {
    expect(blankKeys(flat[lng]!)).toEqual([]);
  });

  it.each(languages)("%s has every plural form its language needs, and none it never uses", (lng) => {
    const keys = Object.keys(flat[lng]!);
    const pluralBases = new Set(
      languages.flatMap((l) =>
        Object.keys(flat[l]!)
          .filter((k) => PLURAL_SUFFIX.test(k))
          .map((k) => k.replace(PLURAL_SUFFIX, "")),
      ),
    );
    const missing = [...pluralBases].flatMap((base) =>
      categories(lng)
        .filter((c) => !keys.includes(`${base}_${c}`))
        .map((c) => `${base}_${c}`),
    );
    expect(missing).toEqual([]);
  });

  it("has plural forms for every text a count is put in ('1 день', '2 дня', '5 дней')", () => {
    expect(countedKeys.length).toBeGreaterThan(10);
    const plural = (key: string) => Object.keys(flat.en!).some((k) => k === `${key}_other` || k.endsWith(`:.${key}_other`));
    expect(countedKeys.filter((key) => !plural(key))).toEqual([]);
  });

  it.each(["ka", "ru"])("%s uses the same placeholders as English", (lng) => {
    expect(placeholderMismatches(flat.en!, flat[lng]!)).toEqual([]);
  });

  it.each(["ka", "ru"])("%s is translated (no English left except brand names and symbols)", (lng) => {
    // Brand names stay as written: video hosts and calendars, card schemes' and the payment provider's names
    // (CVV, 3-D Secure, '3DSecure' in the spec's toasts, Flitt).
    expect(
      untranslatedKeys(flat[lng]!, [
        "Agora",
        "JSON",
        "PNG",
        "JPG",
        "YouTube",
        "Vimeo",
        "Alt",
        "Google",
        "Apple",
        "Outlook",
        "CVV",
        "Secure",
        "DSecure",
        "Flitt",
      ]),
    ).toEqual([]);
  });
});
