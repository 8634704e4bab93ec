import { describe, expect, it } from "vitest";
import { displayNameOf, safeRedirect } from "./session";

describe("safeRedirect", () => {
  it.each([
    ["/classroom?tab=1", "/classroom?tab=1"],
    ["/chat/abc#m1", "/chat/abc#m1"],
    [undefined, "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/auth/login?redirect=/x", "/"],
    ["/auth/register", "/"],
    ["/auth/complete-profile", "/auth/complete-profile"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("displayNameOf", () => {
  it("prefers the full name, then the e-mail's local part", () => {
    expect(displayNameOf({ fullName: " Ana Kapanadze ", email: "ana@example.com" })).toBe("Ana Kapanadze");
    expect(displayNameOf({ fullName: null, email: "giorgi@example.com" })).toBe("giorgi");
    expect(displayNameOf({ fullName: "", email: "" })).toBeNull();
    expect(displayNameOf(null)).toBeNull();
  });
});
