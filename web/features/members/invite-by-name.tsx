import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_TEXT_MAX } from "../../../common/contract/limits";
import type { InviteCandidate } from "../../../common/contract/invites";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { inputClasses } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { call } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { inviteCandidatesQueryOptions, inviteKeys } from "./invite-queries";

/** Search people by name and invite them; members and people already invited say so instead. */
export function InviteByName({ communityId }: { communityId: string }) {
  const { t } = useTranslation("members");
  const { t: tc } = useTranslation();
  const searchId = useId();
  const [q, setQ] = useState("");
  const debouncedQ = useDebouncedValue(q.trim(), 300);
  const people = useQuery(inviteCandidatesQueryOptions(communityId, debouncedQ));

  return (
    <div className="space-y-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t("invite.search")}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          id={searchId}
          type="search"
          value={q}
          maxLength={SEARCH_TEXT_MAX}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t("invite.search")}
          className={cn(inputClasses, "h-10 pl-9")}
        />
      </div>
      {!debouncedQ ? (
        <p className="text-sm text-muted-foreground">{t("invite.searchHint")}</p>
      ) : people.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("invite.searching")} />
        </div>
      ) : people.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center">
          <p className="text-sm text-foreground">{t("invite.searchFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void people.refetch()}>
            {tc("common.tryAgain")}
          </Button>
        </div>
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
      qc.setQueryData(inviteKeys.candidates(communityId, q), (list: InviteCandidate[] | undefined) =>
        list?.map((p) => (p.id === person.id ? { ...p, status: "invited" as const } : p)),
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
