import { describe, expect, it } from "vitest";
import type { Reaction } from "../../../common/contract/conversations";
import { toggleReaction } from "./chat-mutations";

const me = { id: "u1", fullName: "Ana" };
const other = { id: "u2", fullName: "Giorgi" };

describe("a reaction as the viewer's tap leaves it", () => {
  it("adds a new chip, joins an existing one, and leaves the state alone when nothing changes", () => {
    const added = toggleReaction([], "👍", true, me);
    expect(added).toEqual([{ emoji: "👍", count: 1, users: [me] }]);
    const joined = toggleReaction([{ emoji: "👍", count: 1, users: [other] }], "👍", true, me);
    expect(joined).toEqual([{ emoji: "👍", count: 2, users: [other, me] }]);
    expect(toggleReaction(joined, "👍", true, me)).toBe(joined);
  });

  it("taking one's reaction back lowers the count and drops an emptied chip", () => {
    const shared: Reaction[] = [{ emoji: "❤️", count: 2, users: [other, me] }];
    expect(toggleReaction(shared, "❤️", false, me)).toEqual([{ emoji: "❤️", count: 1, users: [other] }]);
    expect(toggleReaction([{ emoji: "❤️", count: 1, users: [me] }], "❤️", false, me)).toEqual([]);
  });
});
