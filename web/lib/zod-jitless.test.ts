import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { globalConfig, util } from "zod/v4/core";

// The realtime protocol's schemas (common/realtime-protocol.ts) are parsed in the browser.
describe("zod without eval", () => {
  it("never probes for `new Function`, which the CSP reports as a violation", () => {
    expect(globalConfig.jitless).toBe(true);
    expect(util.allowsEval.value).toBe(false);
  });
});
