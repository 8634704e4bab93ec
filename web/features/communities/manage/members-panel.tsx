import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { SearchField } from "../../../components/search-field";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { Spinner } from "../../../components/ui/spinner";
import { call } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useErrorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useFormatter } from "../../../lib/format/formatter";
import { communityKeys } from "../../../../common/query-keys";
import { membersQueryOptions } from "../queries";
import { Select } from "../../../components/ui/select";
import { memberRoles, type MemberRole, type MemberSort } from "../../../../common/contract/enums";
import type { CommunityMember } from "../../../../common/contract/members";

const SORTS: MemberSort[] = ["joined", "points", "name"];

/** Members with role, points and join date; the owner changes roles here. */
export function MembersPanel({ communityId, canChangeRoles }: { communityId: string; canChangeRoles: boolean }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const sortId = useId();
  const [q, setQ] = useState("");
  const [sort, setSort] = useState<MemberSort>("joined");
  const debouncedQ = useDebouncedValue(q.trim(), 300);
  const query = useQuery({ ...membersQueryOptions(communityId, debouncedQ, sort), placeholderData: keepPreviousData });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField label={t("members.search")} value={q} onValueChange={setQ} className="flex-1" />
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="shrink-0 text-sm text-muted-foreground">
            {t("sort.label")}
          </label>
          <Select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as MemberSort)} className="w-auto">
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`members.sort.${s}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : query.isError ? (
        <LoadError
          variant="plain"
          message={errorMessage(query.error)}
          retryLabel={t("common.tryAgain")}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {t("members.empty")}
        </p>
      ) : (
        <ul
          className={cn("divide-y divide-border rounded-xl border border-border", query.isPlaceholderData && "opacity-60")}
          aria-busy={query.isFetching}
        >
          {query.data.map((m) => (
            <MemberRow key={m.id} communityId={communityId} member={m} canChangeRole={canChangeRoles && !m.isOwner} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MemberRow({
  communityId,
  member,
  canChangeRole,
}: {
  communityId: string;
  member: CommunityMember;
  canChangeRole: boolean;
}) {
  const { t } = useTranslation("communities");
  const format = useFormatter();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const selectId = useId();
  const name = member.fullName || t("common.unknownUser");

  const changeRole = useMutation({
    mutationFn: (role: MemberRole) =>
      call("PATCH /api/communities/:id/members/:userId", { params: { id: communityId, userId: member.id }, body: { role } }),
    onSuccess: (_, role) => toast({ variant: "success", title: t("members.roleChanged", { name, role: t(`roles.${role}`) }) }),
    onError: (err) => toast({ variant: "destructive", title: t("members.roleFailed"), description: errorMessage(err) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId) }),
  });

  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Avatar src={member.avatarUrl} name={name} size="md" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground">{name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {[
            member.profession,
            t("members.points", { count: member.points }),
            t("members.joined", { date: format.longDate(member.joinedAt) }),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      {canChangeRole ? (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            {t("members.roleOf", { name })}
          </label>
          <Select
            id={selectId}
            value={changeRole.isPending ? changeRole.variables : member.role}
            disabled={changeRole.isPending}
            onChange={(e) => changeRole.mutate(e.target.value as MemberRole)}
            className="h-9 w-auto"
          >
            {memberRoles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </Select>
        </div>
      ) : (
        <Badge>{member.isOwner ? t("roles.owner") : t(`roles.${member.role}`)}</Badge>
      )}
    </li>
  );
}
