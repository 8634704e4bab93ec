import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { clearCurrentCommunityId } from "../lib/current-community";
import { clearToasts } from "../lib/toast";

// Every web test starts from a blank browser (nothing stored, no current community, no toasts) and
// leaves nothing rendered or stubbed behind. vitest.config.ts runs this before each web test file.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCurrentCommunityId();
  clearToasts();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
