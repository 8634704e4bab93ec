import type { FieldIssue } from "../../../../common/contract/http";
import { parseFormValues, type CommunityFormValues } from "./form-model";

/**
 * The create form hands its data to the plan screen through sessionStorage, so a reload (or Back from the
 * plan screen) keeps everything typed and uploaded; it lives for this tab only and is cleared on success.
 */
const DRAFT_KEY = "communityDraft";
const ISSUES_KEY = "communityDraftIssues";

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the flow still works within this page.
  }
}

export function saveDraft(values: CommunityFormValues): void {
  write(DRAFT_KEY, values);
}

export function loadDraft(): CommunityFormValues | null {
  return parseFormValues(read(DRAFT_KEY));
}

export function clearDraft(): void {
  write(DRAFT_KEY, null);
  write(ISSUES_KEY, null);
}

/** Field problems the server found when the plan screen submitted; the form shows them once. */
export function saveDraftIssues(issues: FieldIssue[]): void {
  write(ISSUES_KEY, issues);
}

export function takeDraftIssues(): FieldIssue[] {
  const value = read(ISSUES_KEY);
  write(ISSUES_KEY, null);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (i): i is FieldIssue => !!i && typeof i === "object" && typeof i.path === "string" && typeof i.message === "string",
  );
}
