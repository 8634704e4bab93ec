import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { InviteCandidate } from "../../../common/contract/invites";
import { LoadError } from "../../components/load-error";
import { SearchField } from "../../components/search-field";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { call } from "../../lib/api";
import { patch } from "../../lib/cache-write";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { inviteCandidatesQueryOptions } from "./invite-queries";

/** Search people by name and invite them; members and people already invited say so instead. */
export function InviteByName({ communityId }: { communityId: string }) {
  const { t } = useTranslation("members");
  const { t: tc } = useTranslation();
  const [q, setQ] = useState("");
  const debouncedQ = useDebouncedValue(q.trim(), 300);
  const people = useQuery(inviteCandidatesQueryOptions(communityId, debouncedQ));

  return (
    <div className="space-y-3">
      <SearchField label={t("invite.search")} value={q} onValueChange={setQ} />
      {!debouncedQ ? (
        <p className="text-sm text-muted-foreground">{t("invite.searchHint")}</p>
      ) : people.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("invite.searching")} />
        </div>
      ) : people.isError ? (
        <LoadError
          variant="compact"
          message={t("invite.searchFailed")}
          retryLabel={tc("common.tryAgain")}
          onRetry={() => void people.refetch()}
        />
      ) : people.data.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t("invite.nobody")}</p>
      ) : (
        <ul aria-label={t("invite.results")} className="max-h-80 divide-y divide-border overflow-y-auto">
          {people.data.map((p) => (
            <CandidateRow key={p.id} communityId={communityId} person={p} q={debouncedQ} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CandidateRow({ communityId, person, q }: { communityId: string; person: InviteCandidate; q: string }) {
  const { t } = useTranslation("members");
  const qc = useQueryClient();
  const errorMessage = useErrorMessage();
  const invite = useMutation({
    mutationFn: () => call("POST /api/communities/:id/invitations", { params: { id: communityId }, body: { userId: person.id } }),
    onSuccess: () => {
      qc.setQueryData(inviteCandidatesQueryOptions(communityId, q).queryKey, (list) =>
        list?.map((p) => (p.id === person.id ? patch(p, { status: "invited" }) : p)),
      );
      toast({ variant: "success", title: t("invite.sent", { name: person.fullName }) });
    },
    onError: (err) => toast({ variant: "destructive", title: t("invite.failed"), description: errorMessage(err) }),
  });
  return (
    <li className="flex items-center gap-3 py-2">
      <Avatar src={person.avatarUrl} name={person.fullName} size="md" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-foreground">{person.fullName}</span>
      {person.status === "none" ? (
        <Button
          size="sm"
          loading={invite.isPending}
          onClick={() => invite.mutate()}
          aria-label={t("invite.inviteName", { name: person.fullName })}
        >
          {t("invite.invite")}
        </Button>
      ) : (
        <span className="shrink-0 text-sm text-muted-foreground">{t(`invite.status.${person.status}`)}</span>
      )}
    </li>
  );
}
