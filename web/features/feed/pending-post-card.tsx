import { CloudOff } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { displayNameOf, useSession } from "../../lib/session";
import type { PendingWrite } from "../../lib/offline/outbox";
import type { PostBody } from "../../../common/contract/feed";
import { RichText } from "./rich-text";

/** A post written offline, shown as it will look, marked as waiting until it is sent. */
export function PendingPostCard({ write }: { write: PendingWrite }) {
  const { t } = useTranslation("feed");
  const { user } = useSession();
  const id = useId();
  const body = write.body as Pick<PostBody, "headline" | "content">;
  const name = displayNameOf(user) ?? t("post.unknownUser");
  return (
    <article
      aria-labelledby={`${id}-author ${id}-status`}
      data-pending-post
      className="rounded-2xl border border-dashed border-border bg-surface p-4 opacity-90 shadow-sm sm:p-5"
    >
      <header className="flex items-start gap-3">
        <Avatar src={user?.avatarUrl} name={name} size="md" />
        <div className="min-w-0 flex-1">
          <span id={`${id}-author`} className="block truncate font-semibold text-foreground">
            {name}
          </span>
          <span id={`${id}-status`} className="mt-0.5 inline-flex items-center gap-1 text-xs text-muted-foreground">
            <CloudOff className="h-3.5 w-3.5" aria-hidden="true" />
            {t("pending.waiting")}
          </span>
        </div>
      </header>
      {body.headline && <h2 className="mt-3 text-lg font-semibold text-foreground">{body.headline}</h2>}
      <RichText content={body.content} className="mt-1 text-[15px] leading-relaxed text-foreground" />
    </article>
  );
}
