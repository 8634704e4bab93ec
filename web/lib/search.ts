/** Search-param validators shared by routes: unknown or malformed values are dropped, never trusted. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function validateRedirectSearch(search: Record<string, unknown>): { redirect?: string } {
  const redirect = optionalString(search.redirect);
  return redirect ? { redirect } : {};
}
