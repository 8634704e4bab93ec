import { renderHook } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, errorFromBody, NETWORK_ERROR } from "./api";
import { useErrorMessage } from "./errors";
import { explainedByFields, placeIssues } from "./field-issues";
import { changeLanguage, initI18n } from "./i18n";

beforeAll(async () => {
  await initI18n("ka");
});
afterAll(async () => {
  await changeLanguage("en", { persist: false });
});

describe("useErrorMessage", () => {
  it("shows the server's message as it came, in the language the server answered", () => {
    const { result } = renderHook(() => useErrorMessage());
    const err = errorFromBody(409, {
      error: { code: "CONFLICT", message: "თქვენ ამაზე უკვე გაგზავნეთ საჩივარი.", requestId: "r" },
    });
    expect(result.current(err)).toBe("თქვენ ამაზე უკვე გაგზავნეთ საჩივარი.");
  });

  it("falls back to the app's own translated text when the server said nothing", async () => {
    const { result } = renderHook(() => useErrorMessage());
    const { i18n } = await import("./i18n");
    expect(result.current(errorFromBody(502, undefined, "Bad Gateway"))).toBe(i18n.t("errors.unexpected"));
    expect(result.current(errorFromBody(429, {}, "Too Many Requests"))).toBe(i18n.t("errors.rateLimited"));
    expect(result.current(new ApiError(0, NETWORK_ERROR, "Network error"))).toBe(i18n.t("errors.network"));
    expect(i18n.t("errors.unexpected")).not.toBe("Something went wrong. Please try again.");
  });
});

describe("placeIssues", () => {
  const failure = (issues: { path: string; message: string }[]) =>
    new ApiError(422, "VALIDATION_FAILED", "Invalid input.", issues);

  it("puts each field's first issue beside it and keeps the rest for a toast", () => {
    const { placed, rest } = placeIssues(
      failure([
        { path: "title", message: "Title is required" },
        { path: "title", message: "Title is too short" },
        { path: "slug", message: "Slug is taken" },
      ]),
      ["title", "body"] as const,
    );
    expect(placed).toEqual({ title: "Title is required" });
    expect(rest).toEqual(["Slug is taken"]);
    expect(explainedByFields(placed, rest)).toBe(false);
  });

  it("calls a failure explained only when every issue sits beside a field", () => {
    const placedOnly = placeIssues(failure([{ path: "body", message: "Message is required" }]), ["title", "body"] as const);
    expect(explainedByFields(placedOnly.placed, placedOnly.rest)).toBe(true);
    // No issues (a conflict, a lost connection): nothing beside any field, so a toast says it.
    const conflict = placeIssues(new ApiError(409, "CONFLICT", "Taken."), ["title"] as const);
    expect(explainedByFields(conflict.placed, conflict.rest)).toBe(false);
    expect(placeIssues(new Error("offline"), ["title"] as const)).toEqual({ placed: {}, rest: [] });
  });
});
