import { Navigate } from "@tanstack/react-router";
import { useState } from "react";
import { loadDraft } from "./draft";
import { validateCommunityForm } from "./form-model";
import { PlanSelectionPage } from "./plan-selection-page";

/** The plan screen needs the create form's data; without a complete draft it sends the user there. */
export function PlanSelectionRoute() {
  // Read once: after creating, the draft is cleared while the success dialog is still showing.
  const [draft] = useState(() => {
    const saved = loadDraft();
    return saved && Object.keys(validateCommunityForm(saved)).length === 0 ? saved : null;
  });
  if (!draft) return <Navigate to="/communities/create" replace />;
  return <PlanSelectionPage draft={draft} />;
}
