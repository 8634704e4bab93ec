import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ProfileLink } from "../../components/profile-link";
import { Avatar } from "../../components/ui/avatar";
import type { RoomConnectionState } from "../../lib/realtime";
import type { ConversationDetail } from "../../../common/contract/conversations";
import { DirectMenu } from "./direct-menu";
import { GroupMenu } from "./group-menu";

type ChatHeaderProps = {
  conversation: ConversationDetail;
  title: string;
  connection: RoomConnectionState;
  online: string[];
};

/**
 * Name and status: 'Connecting...' while our own socket is not open; in a direct chat 'In this chat' when
 * the other person has it open; in a group the member count and how many are here. Not 'Online': the
 * members page says that of whoever has the community open, and one word keeps one meaning.
 */
export function ChatHeader({ conversation, title, connection, online }: ChatHeaderProps) {
  const { t } = useTranslation("messages");
  const isGroup = conversation.type === "group";
  const othersHere = online.filter((id) => conversation.participants.some((p) => p.id === id)).length;
  const status =
    connection !== "open"
      ? t("chat.connecting")
      : isGroup
        ? othersHere > 1
          ? t("chat.membersOnline", { count: conversation.memberCount, online: othersHere })
          : t("chat.members", { count: conversation.memberCount })
        : conversation.otherUserId && online.includes(conversation.otherUserId)
          ? t("chat.online")
          : "";

  return (
    <div className="flex items-center gap-3 border-b border-border px-3 py-2.5 sm:px-4">
      <Link
        to="/messages"
        aria-label={t("chat.back")}
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      </Link>
      {conversation.otherUserId ? (
        <ProfileLink userId={conversation.otherUserId} label={title}>
          <Avatar src={conversation.avatarUrl} name={title} size="md" />
        </ProfileLink>
      ) : (
        <Avatar src={conversation.avatarUrl} name={title} size="md" />
      )}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-foreground">{title}</h1>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status" aria-live="polite">
          {status && (
            <span
              aria-hidden="true"
              className={
                connection === "open" ? "h-2 w-2 rounded-full bg-green-500" : "h-2 w-2 animate-pulse rounded-full bg-amber-500"
              }
            />
          )}
          {status}
        </p>
      </div>
      {isGroup && <GroupMenu conversation={conversation} />}
      {!isGroup && conversation.otherUserId && conversation.canWrite && (
        <DirectMenu person={{ id: conversation.otherUserId, fullName: title }} />
      )}
    </div>
  );
}
