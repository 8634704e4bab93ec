import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Link2Off } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InviteLink } from "../../../common/contract/invites";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/select";
import { Spinner } from "../../components/ui/spinner";
import { call } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useErrorMessage } from "../../lib/errors";
import { useFormatter } from "../../lib/format/formatter";
import { toast } from "../../lib/toast";
import { inviteLinksQueryOptions, inviteUrl } from "./invite-queries";

const EXPIRY_DAYS = ["never", "1", "7", "30"] as const;
const USE_LIMITS = ["none", "1", "5", "10", "25", "100"] as const;

/** A new link (with an expiry and a use limit) and every link of the community with its uses; revoke. */
export function InviteLinks({ communityId }: { communityId: string }) {
  const { t } = useTranslation("members");
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const errorMessage = useErrorMessage();
  const expiryId = useId();
  const usesId = useId();
  const [expiry, setExpiry] = useState<(typeof EXPIRY_DAYS)[number]>("7");
  const [uses, setUses] = useState<(typeof USE_LIMITS)[number]>("none");
  const links = useQuery(inviteLinksQueryOptions(communityId));

  const create = useMutation({
    mutationFn: () =>
      call("POST /api/communities/:id/invite-links", {
        params: { id: communityId },
        body: { expiresInDays: expiry === "never" ? null : Number(expiry), maxUses: uses === "none" ? null : Number(uses) },
      }),
    onSuccess: ({ link }) => {
      qc.setQueryData(inviteLinksQueryOptions(communityId).queryKey, (list) => [link, ...(list ?? [])]);
      copy(link.token);
    },
    onError: (err) => toast({ variant: "destructive", title: t("links.createFailed"), description: errorMessage(err) }),
  });

  const copy = (token: string) =>
    void navigator.clipboard
      ?.writeText(inviteUrl(token))
      .then(() => toast({ variant: "success", title: t("links.copied") }))
      .catch(() => undefined);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={expiryId} className="block text-sm font-medium text-foreground">
            {t("links.expiry")}
          </label>
          <Select id={expiryId} value={expiry} onChange={(e) => setExpiry(e.target.value as typeof expiry)} className="w-auto">
            {EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                {d === "never" ? t("links.never") : t("links.days", { count: Number(d) })}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={usesId} className="block text-sm font-medium text-foreground">
            {t("links.maxUses")}
          </label>
          <Select id={usesId} value={uses} onChange={(e) => setUses(e.target.value as typeof uses)} className="w-auto">
            {USE_LIMITS.map((u) => (
              <option key={u} value={u}>
                {u === "none" ? t("links.noLimit") : t("links.uses", { count: Number(u) })}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => create.mutate()} loading={create.isPending}>
          {t("links.create")}
        </Button>
      </div>

      {links.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("links.loading")} />
        </div>
      ) : links.isError ? (
        <LoadError
          variant="compact"
          message={t("links.loadFailed")}
          retryLabel={tc("common.tryAgain")}
          onRetry={() => void links.refetch()}
        />
      ) : links.data.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t("links.empty")}</p>
      ) : (
        <ul aria-label={t("links.list")} className="max-h-80 divide-y divide-border overflow-y-auto">
          {links.data.map((link) => (
            <LinkRow key={link.id} communityId={communityId} link={link} onCopy={() => copy(link.token)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function LinkRow({ communityId, link, onCopy }: { communityId: string; link: InviteLink; onCopy: () => void }) {
  const { t } = useTranslation("members");
  const qc = useQueryClient();
  const errorMessage = useErrorMessage();
  const f = useFormatter();
  const revoke = useMutation({
    mutationFn: () => call("DELETE /api/communities/:id/invite-links/:linkId", { params: { id: communityId, linkId: link.id } }),
    onSuccess: ({ link: revoked }) =>
      qc.setQueryData(inviteLinksQueryOptions(communityId).queryKey, (list) =>
        list?.map((l) => (l.id === revoked.id ? revoked : l)),
      ),
    onError: (err) => toast({ variant: "destructive", title: t("links.revokeFailed"), description: errorMessage(err) }),
  });
  const open = link.state === "open";
  const uses =
    link.maxUses === null
      ? t("links.usedCount", { count: link.usesCount })
      : t("links.usedOf", { count: link.usesCount, max: link.maxUses });
  return (
    <li className="flex flex-wrap items-center gap-2 py-2.5">
      <div className="min-w-0 flex-1">
        <p className={cn("truncate font-mono text-sm", open ? "text-foreground" : "text-muted-foreground line-through")}>
          /invite/{link.token.slice(0, 10)}…
        </p>
        <p className="text-xs text-muted-foreground">
          <span className={cn("font-medium", open ? "text-success" : "text-foreground")}>{t(`links.state.${link.state}`)}</span>
          {" · "}
          {uses}
          {link.expiresAt !== null && open && <> · {t("links.expires", { date: f.date(link.expiresAt) })}</>}
        </p>
      </div>
      {open && (
        <>
          <Button variant="outline" size="sm" onClick={onCopy} aria-label={t("links.copyLink", { uses })}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            {t("links.copy")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={revoke.isPending}
            onClick={() => revoke.mutate()}
            aria-label={t("links.revokeLink", { uses })}
          >
            <Link2Off className="h-4 w-4" aria-hidden="true" />
            {t("links.revoke")}
          </Button>
        </>
      )}
    </li>
  );
}
