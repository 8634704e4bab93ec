import { reviewStatuses, type ReviewStatus } from "../../../common/contract/enums";

/** The console's tabs, kept apart from the page so the route's search check does not pull the page in. */
export type AdminView = ReviewStatus | "edits" | "reports";
export const ADMIN_VIEWS: AdminView[] = [...reviewStatuses, "edits", "reports"];

export function validateAdminSearch(search: Record<string, unknown>): { view?: AdminView } {
  const view = search.view;
  return (ADMIN_VIEWS as unknown[]).includes(view) && view !== "under_review" ? { view: view as AdminView } : {};
}
