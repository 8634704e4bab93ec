import { RotateCw, X } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ProfileLink } from "../../components/profile-link";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useFormatter } from "../../lib/format/formatter";
import { useRelativeTime } from "../../lib/time";
import type { ChatMessage } from "../../../common/contract/conversations";
import type { ReactionEmoji } from "../../../common/contract/enums";
import { EditMessageBox } from "./edit-message-box";
import { MessageMenu, opensUpwards, type MessageAction } from "./message-menu";
import { ReactionChips } from "./reaction-chips";
import { ReactionPicker } from "./reaction-picker";
import type { OutgoingMessage } from "./use-outbox";
import { responsiveImage } from "../../../common/image-widths";

export type BubbleProps = {
  message: ChatMessage;
  me: string;
  showSender: boolean;
  canWrite: boolean;
  seen?: boolean;
  outgoing?: OutgoingMessage;
  onAction: (action: Exclude<MessageAction, "react" | "edit">, message: ChatMessage) => void;
  onReact: (message: ChatMessage, emoji: ReactionEmoji, active: boolean) => void;
  onEdit: (message: ChatMessage, content: string) => Promise<boolean>;
  onRetry?: (id: string) => void;
  onDiscard?: (id: string) => void;
  onImageLoad?: () => void;
};

function Quote({ quote, own }: { quote: NonNullable<ChatMessage["replyTo"]>; own: boolean }) {
  const { t } = useTranslation("messages");
  const text = quote.isDeleted
    ? t("message.deleted")
    : quote.content || (quote.messageType === "image" ? t("message.image") : "");
  return (
    <blockquote
      className={cn(
        "mb-1 rounded-lg border-l-4 px-2 py-1 text-xs",
        // In one's own bubble the quote keeps the bubble's colours (a tint would lower the small text's contrast).
        own ? "border-primary-foreground/60" : "border-primary bg-background/60",
      )}
    >
      <span className="block font-semibold">{quote.senderName ?? t("common.deletedUser")}</span>
      <span className={cn("line-clamp-2 break-words", quote.isDeleted && "italic")}>{text}</span>
    </blockquote>
  );
}

/** One message: bubble, quote, image, reactions, state ('(edited)', '(sending...)', failed), and its menu. */
export function MessageBubble(props: BubbleProps) {
  const { message, me, showSender, canWrite, seen, outgoing } = props;
  const { t } = useTranslation("messages");
  const relative = useRelativeTime();
  const format = useFormatter();
  const [picking, setPicking] = useState<"up" | "down" | null>(null);
  const [editing, setEditing] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const own = message.sender?.id === me;
  const senderName = message.sender ? message.sender.fullName || t("common.unknownUser") : t("common.deletedUser");
  const image = outgoing?.preview ?? message.fileUrl;
  const mine = new Set(message.reactions.filter((r) => r.users.some((u) => u.id === me)).map((r) => r.emoji));
  const settled = !outgoing && !message.isDeleted;

  return (
    <li ref={item} className={cn("flex gap-2", own ? "justify-end" : "justify-start")} data-message-id={message.id}>
      {!own && (
        <ProfileLink userId={message.sender?.id} duplicate className="mt-5 h-fit shrink-0">
          <Avatar src={message.sender?.avatarUrl} name={senderName} size="sm" />
        </ProfileLink>
      )}
      <div className={cn("relative flex max-w-[85%] min-w-0 flex-col sm:max-w-[70%]", own ? "items-end" : "items-start")}>
        {!own && showSender && (
          <ProfileLink userId={message.sender?.id} className="mb-0.5 px-1 text-xs font-medium text-muted-foreground">
            {senderName}
          </ProfileLink>
        )}
        <span className="sr-only">{own ? t("message.you") : senderName}</span>
        <div
          className={cn(
            "rounded-2xl px-3 py-2 text-sm break-words",
            own ? "rounded-br-md bg-primary text-primary-foreground" : "rounded-bl-md bg-muted text-foreground",
            outgoing?.status === "failed" && "ring-2 ring-destructive",
          )}
        >
          {message.replyTo && !message.isDeleted && <Quote quote={message.replyTo} own={own} />}
          {message.isDeleted ? (
            <p className="italic">{t("message.deleted")}</p>
          ) : (
            <>
              {image && (
                <div className="relative mb-1">
                  <img
                    {...responsiveImage(image)}
                    sizes="(min-width: 640px) 24rem, 80vw"
                    alt={t("message.imageAlt", { name: senderName })}
                    onLoad={props.onImageLoad}
                    className="max-h-72 max-w-full rounded-lg object-contain"
                  />
                  {outgoing?.progress != null && (
                    <div
                      role="progressbar"
                      aria-label={t("composer.uploading")}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={outgoing.progress}
                      className="absolute inset-x-2 bottom-2 h-1.5 overflow-hidden rounded-full bg-black/40"
                    >
                      <div className="h-full bg-white" style={{ width: `${outgoing.progress}%` }} />
                    </div>
                  )}
                </div>
              )}
              {editing ? (
                <EditMessageBox
                  initial={message.content}
                  onCancel={() => setEditing(false)}
                  onSave={async (content) => {
                    if (await props.onEdit(message, content)) setEditing(false);
                  }}
                />
              ) : (
                message.content && <p className="whitespace-pre-wrap">{message.content}</p>
              )}
            </>
          )}
        </div>
        <div className={cn("mt-0.5 flex items-center gap-1.5 px-1 text-xs text-muted-foreground", own && "flex-row-reverse")}>
          {settled && canWrite && (
            <MessageMenu
              own={own}
              canEdit={message.messageType === "text" || !!message.content}
              canWrite={canWrite}
              align={own ? "end" : "start"}
              onAction={(action) => {
                if (action === "react") {
                  const menu = item.current?.querySelector('button[aria-haspopup="menu"]') ?? null;
                  setPicking(opensUpwards(menu) ? "up" : "down");
                } else if (action === "edit") setEditing(true);
                else props.onAction(action, message);
              }}
            />
          )}
          {settled && !canWrite && !own && (
            <MessageMenu
              own={false}
              canEdit={false}
              canWrite={false}
              align="start"
              onAction={(a) => a === "report" && props.onAction(a, message)}
            />
          )}
          <time dateTime={new Date(message.createdAt).toISOString()} title={format.dateTime(message.createdAt)}>
            {relative(message.createdAt)}
          </time>
          {message.isEdited && !message.isDeleted && <span>{t("message.edited")}</span>}
          {outgoing?.status === "sending" && <span>{t("message.sending")}</span>}
          {outgoing?.status === "queued" && <span>{t("message.waiting")}</span>}
          {seen && <span className="font-medium">{t("message.seen")}</span>}
        </div>
        {outgoing?.status === "failed" && (
          <div role="alert" className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs text-destructive-text">
            <span>{t("toast.sendFailed")}</span>
            <Button size="sm" variant="outline" onClick={() => props.onRetry?.(message.id)}>
              <RotateCw className="h-3.5 w-3.5" aria-hidden="true" />
              {t("message.retry")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => props.onDiscard?.(message.id)}>
              <X className="h-3.5 w-3.5" aria-hidden="true" />
              {t("message.discard")}
            </Button>
          </div>
        )}
        {!message.isDeleted && (
          <ReactionChips
            reactions={message.reactions}
            me={me}
            disabled={!canWrite || !!outgoing}
            onToggle={(emoji, active) => props.onReact(message, emoji as ReactionEmoji, active)}
          />
        )}
        {picking && (
          <ReactionPicker
            mine={mine}
            className={cn(
              "absolute w-[11.5rem] sm:w-auto",
              picking === "up" ? "bottom-full mb-1" : "top-full mt-1",
              own ? "right-0" : "left-0",
            )}
            onPick={(emoji, active) => props.onReact(message, emoji, active)}
            onClose={() => {
              setPicking(null);
              // Focus goes back to the menu the picker was opened from.
              item.current?.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')?.focus();
            }}
          />
        )}
      </div>
    </li>
  );
}
