import { Link } from "@tanstack/react-router";
import { cn } from "../../lib/cn";
import type { ConversationSummary } from "../../../common/contract/conversations";
import { ConversationPreview } from "./conversation-preview";

/** One conversation in the /messages list. */
export function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  return (
    <Link
      to="/chat/$id"
      params={{ id: conversation.id }}
      className={cn(
        "flex items-center gap-3 px-4 py-3 text-sm hover:bg-muted focus-visible:bg-muted",
        conversation.unreadCount > 0 && "bg-primary/5",
      )}
    >
      <ConversationPreview conversation={conversation} />
    </Link>
  );
}
