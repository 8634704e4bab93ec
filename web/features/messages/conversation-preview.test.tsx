import { cleanup, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { ConversationSummary } from "../../../common/contract/conversations";
import { initI18n } from "../../lib/i18n";
import { ConversationPreview } from "./conversation-preview";

beforeAll(() => initI18n("en"));

const summary = (lastMessage: ConversationSummary["lastMessage"]): ConversationSummary => ({
  id: "k1",
  type: "direct",
  title: "Giorgi",
  avatarUrl: null,
  otherUserId: "u2",
  communityId: null,
  lastMessage,
  lastMessageAt: lastMessage?.createdAt ?? null,
  unreadCount: 0,
});
const at = Date.now() - 60_000;

describe("conversation preview", () => {
  it("says what the last message was when it has no words", () => {
    const cases: [ConversationSummary["lastMessage"], string][] = [
      [{ content: "See you at 6", senderId: "u2", createdAt: at, messageType: "text", isDeleted: false }, "See you at 6"],
      [{ content: "", senderId: "u2", createdAt: at, messageType: "image", isDeleted: false }, "📷 Photo"],
      [{ content: "", senderId: "u2", createdAt: at, messageType: "text", isDeleted: true }, "This message was deleted"],
      [null, "No messages"],
    ];
    for (const [last, text] of cases) {
      render(<ConversationPreview conversation={summary(last)} />);
      expect(screen.getByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it("shows no time for a chat nobody has written in yet (not 'Unknown')", () => {
    render(<ConversationPreview conversation={summary(null)} />);
    expect(screen.queryByText("Unknown")).toBeNull();
  });
});
