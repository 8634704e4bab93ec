import { describe, expect, it } from "vitest";
import { zoneLabel } from "./zone-label";

describe("a time zone's label", () => {
  it("names the zone in the reader's language, beside its id", () => {
    expect(zoneLabel("Asia/Tbilisi", "en")).toBe("Georgia Time (Asia/Tbilisi)");
    expect(zoneLabel("Asia/Tbilisi", "ru")).toBe("Грузия (Asia/Tbilisi)");
    expect(zoneLabel("America/New_York", "en")).toBe("Eastern Time (America/New York)");
  });

  it("falls back to the id for a zone the browser does not know", () => {
    expect(zoneLabel("Mars/Olympus_Mons", "en")).toBe("Mars/Olympus Mons");
  });
});
