import { CloudOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { displayNameOf, useSession } from "../../lib/session";
import type { PendingWrite } from "../../lib/offline/outbox";
import { RichText } from "./rich-text";

/** A comment or reply written offline, at the end of the thread until it is sent. */
export function PendingComment({ write }: { write: PendingWrite }) {
  const { t } = useTranslation("feed");
  const { user } = useSession();
  const name = displayNameOf(user) ?? t("post.unknownUser");
  const content = String(write.body.content ?? "");
  return (
    <li data-pending-comment className="flex gap-2.5 opacity-90">
      <Avatar src={user?.avatarUrl} name={name} size="sm" className="mt-0.5" />
      <div className="min-w-0 flex-1 rounded-xl border border-dashed border-border px-3 py-2">
        <span className="block text-sm font-semibold text-foreground">{name}</span>
        <RichText content={content} className="text-sm text-foreground" />
        <span className="mt-1 inline-flex items-center gap-1 text-xs text-muted-foreground">
          <CloudOff className="h-3.5 w-3.5" aria-hidden="true" />
          {t("pending.waiting")}
        </span>
      </div>
    </li>
  );
}
