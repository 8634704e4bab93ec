import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MessagesSquare, Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { Button, buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useErrorMessage } from "../../lib/errors";
import { useCurrentCommunity } from "../../lib/my-communities";
import { toast } from "../../lib/toast";
import type { GroupChat } from "../../../common/contract/conversations";
import { GroupFormDialog } from "./group-form-dialog";
import { useCreateGroup, useJoinGroup } from "./group-mutations";
import { groupChatsQueryOptions } from "./queries";

function GroupRow({ group }: { group: GroupChat }) {
  const { t } = useTranslation("messages");
  const errorMessage = useErrorMessage();
  const join = useJoinGroup();
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MessagesSquare className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-foreground">{group.name}</span>
        <span className="block truncate text-sm text-muted-foreground">
          {t("groups.memberCount", { count: group.memberCount })}
          {group.description ? ` · ${group.description}` : ""}
        </span>
      </span>
      {group.joined ? (
        <Link
          to="/chat/$id"
          params={{ id: group.id }}
          className={buttonClasses({ variant: "outline", size: "sm" })}
          aria-label={t("groups.openNamed", { name: group.name })}
        >
          {t("groups.open")}
        </Link>
      ) : (
        <Button
          size="sm"
          loading={join.isPending}
          aria-label={t("groups.joinNamed", { name: group.name })}
          onClick={() =>
            join.mutate(group.id, {
              onSuccess: () => toast({ title: t("groups.joined", { name: group.name }), variant: "success" }),
              onError: (err) => toast({ title: t("groups.joinFailed", { reason: errorMessage(err) }), variant: "destructive" }),
            })
          }
        >
          {t("groups.join")}
        </Button>
      )}
    </li>
  );
}

/** The group chats of the current community, on /members: any member joins; owner and admins create. */
export default function GroupChatsBlock() {
  const { t } = useTranslation("messages");
  const { current } = useCurrentCommunity();
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const groups = useQuery({ ...groupChatsQueryOptions(current?.id ?? ""), enabled: !!current });
  const create = useCreateGroup(current?.id ?? "");
  if (!current) return null;
  // The server refuses everyone else; the button follows the viewer's role in this community.
  const canCreate = current.canManage;

  return (
    <section aria-labelledby={headingId} className="mt-6 overflow-hidden rounded-2xl border border-border bg-surface">
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          {t("groups.title")}
        </h2>
        {canCreate && (
          <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t("groups.create")}
          </Button>
        )}
      </div>
      {groups.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label={t("groups.loading")} />
        </div>
      ) : groups.isError ? (
        <LoadError
          variant="compact"
          message={t("groups.loadFailed")}
          retryLabel={t("common.tryAgain")}
          onRetry={() => void groups.refetch()}
        />
      ) : groups.data.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">{t("groups.empty")}</p>
      ) : (
        <ul className="divide-y divide-border">
          {groups.data.map((g) => (
            <GroupRow key={g.id} group={g} />
          ))}
        </ul>
      )}
      <GroupFormDialog
        open={creating}
        onOpenChange={setCreating}
        title={t("groups.createTitle")}
        submitLabel={t("groups.create")}
        pending={create.isPending}
        failedTitle={t("groups.createFailed")}
        onSubmit={async (fields) => {
          await create.mutateAsync(fields);
          toast({ title: t("groups.created", { name: fields.name }), variant: "success" });
        }}
      />
    </section>
  );
}
