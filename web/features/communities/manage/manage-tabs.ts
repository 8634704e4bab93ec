/** The tabs of a community's settings (the address names one); who gets which: manage-tabs-for.ts. */
export const MANAGE_TABS = [
  "details",
  "topics",
  "members",
  "requests",
  "banned",
  "reports",
  "metrics",
  "broadcasts",
  "payments",
  "archive",
] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

export function validateManageTab(value: unknown): ManageTab | undefined {
  return (MANAGE_TABS as readonly unknown[]).includes(value) ? (value as ManageTab) : undefined;
}
