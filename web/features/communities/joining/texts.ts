import { use } from "react";
import { useTranslation } from "react-i18next";
import { ensureNamespace } from "../../../lib/i18n";

/**
 * These parts sit on pages whose routes load other texts (explore, a community's page, settings), so
 * they bring their own: a page may start the load early, and a part waits for it under its Suspense.
 */
let loading: Promise<void> | null = null;

export function loadJoiningTexts(): Promise<void> {
  loading ??= ensureNamespace("communities").catch((err: unknown) => {
    // A failed load is tried again by the next part that needs it.
    loading = null;
    throw err;
  });
  return loading;
}

/** A promise React reads as settled at once (its `status`), for texts that are already there. */
const ready = Object.assign(Promise.resolve(), { status: "fulfilled" as const, value: undefined });

/**
 * Suspends until the joining texts are there in the page's language (on the server they always are).
 * `use` is called on every render, as React requires of a component that suspended with it.
 */
export function useJoiningTexts(): void {
  const { i18n } = useTranslation();
  use(i18n.hasResourceBundle(i18n.language, "communities") ? ready : loadJoiningTexts());
}
