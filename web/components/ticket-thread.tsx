import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TicketStatus } from "../../common/contract/enums";
import type { TicketDetail } from "../../common/contract/support";
import { TICKET_MESSAGE_MAX } from "../../common/contract/limits";
import { cn } from "../lib/cn";
import { useRelativeTime } from "../lib/time";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Field } from "./ui/field";
import { Textarea } from "./ui/input";

const statusStyles: Record<TicketStatus, string> = {
  open: "bg-success/15 text-foreground",
  answered: "bg-primary/15 text-foreground",
  closed: "bg-muted text-muted-foreground",
};

/** A ticket's status as a small label (core texts, so the member's page and the staff queue say the same). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <Badge className={statusStyles[status]}>{t(`tickets.status.${status}`)}</Badge>;
}

type TicketThreadProps = {
  ticket: TicketDetail;
  /** Whose screen it is: the member's own words read "You", staff see the sender's name. */
  viewer: "member" | "staff";
  pending: boolean;
  /** The server's message for the reply field, if it refused one. */
  serverError: string | null;
  onReply: (message: string, done: () => void) => void;
};

/** The original message and every reply, oldest first, with the reply form while the ticket is not closed. */
export function TicketThread({ ticket, viewer, pending, serverError, onReply }: TicketThreadProps) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const senderName = viewer === "member" ? t("tickets.you") : ticket.name;
  const entries = [
    { id: ticket.id, message: ticket.message, fromStaff: false, who: senderName, at: ticket.createdAt },
    ...ticket.replies.map((r) => ({
      id: r.id,
      message: r.message,
      fromStaff: r.fromStaff,
      who: r.fromStaff
        ? viewer === "staff"
          ? r.author?.fullName || t("tickets.supportTeam")
          : t("tickets.supportTeam")
        : senderName,
      at: r.createdAt,
    })),
  ];
  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label={t("tickets.thread")}>
        {entries.map((e) => (
          <li
            key={e.id}
            className={cn("rounded-xl border p-3", e.fromStaff ? "border-primary/30 bg-primary/5" : "border-border bg-surface")}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-foreground">{e.who}</span>
              <span className="text-xs text-muted-foreground">{relative(e.at)}</span>
            </p>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-foreground">{e.message}</p>
          </li>
        ))}
      </ol>
      {ticket.status === "closed" ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm text-foreground">
          {viewer === "staff" ? t("tickets.closedStaff") : t("tickets.closedMember")}
        </p>
      ) : (
        <ReplyForm pending={pending} serverError={serverError} onReply={onReply} />
      )}
    </div>
  );
}

function ReplyForm({ pending, serverError, onReply }: Pick<TicketThreadProps, "pending" | "serverError" | "onReply">) {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return setError(t("tickets.replyRequired"));
    setError(null);
    onReply(message.trim(), () => setMessage(""));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field label={t("tickets.replyLabel")} error={error ?? serverError}>
        <Textarea rows={3} maxLength={TICKET_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={pending}>
          {pending ? t("tickets.sending") : t("tickets.send")}
        </Button>
      </div>
    </form>
  );
}
