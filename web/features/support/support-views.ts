/** The page's tabs and its search, apart from the page so the route's check does not pull the page in. */
export const SUPPORT_TABS = ["overview", "faq", "contact"] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];
export type SupportSearch = { tab?: Exclude<SupportTab, "overview">; ticket?: string };

export function validateSupportSearch(search: Record<string, unknown>): SupportSearch {
  const tab = search.tab === "faq" || search.tab === "contact" ? search.tab : undefined;
  const ticket = typeof search.ticket === "string" && /^[\w-]{1,64}$/.test(search.ticket) ? search.ticket : undefined;
  return { ...(tab ? { tab } : {}), ...(ticket ? { ticket } : {}) };
}
