import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { memberSorts, type MemberSort } from "../../../common/contract/enums";
import type { MyCommunity } from "../../../common/contract/me";
import { useLevelName } from "../../components/level-badge";
import { LoadError } from "../../components/load-error";
import { SearchField } from "../../components/search-field";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/select";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useSession } from "../../lib/session";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useInfiniteScroll } from "../../lib/use-infinite-scroll";
import { InviteButton } from "./invite-dialog";
import { MemberActionDialog, MemberActionsMenu, type MemberActionTarget } from "./member-actions";
import { MemberCard, MemberSkeletons } from "./member-card";
import { callerRank, mayRemove, memberRank } from "./member-permissions";
import { membersQueryOptions } from "./queries";
import { isOnline, usePresence } from "./use-presence";

/**
 * /members of the current community: search, sort, the online-now filter and member cards, more
 * loading as the reader nears the end. Online dots follow the community room live.
 */
export default function MembersPage({ community }: { community: MyCommunity }) {
  const { t } = useTranslation("members");
  const { t: tc } = useTranslation();
  const me = useSession().user?.id;
  const sortId = useId();
  const [q, setQ] = useState("");
  const [sort, setSort] = useState<MemberSort>("points");
  const [onlineOnly, setOnlineOnly] = useState(false);
  const debouncedQ = useDebouncedValue(q.trim(), 300);
  const filter = { q: debouncedQ, sort, online: onlineOnly };
  const members = useInfiniteQuery({ ...membersQueryOptions(community.id, filter), placeholderData: keepPreviousData });
  const { presence } = usePresence(community.id);
  const canLoadMore = members.hasNextPage && !members.isFetchingNextPage && !members.isError;
  const sentinel = useInfiniteScroll<HTMLDivElement>(() => void members.fetchNextPage(), canLoadMore);
  const levelName = useLevelName(members.data?.pages[0]?.levelNames);
  const items = members.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = onlineOnly ? items.filter((m) => isOnline(presence, m)) : items;
  const rank = callerRank(community);
  const [target, setTarget] = useState<MemberActionTarget | null>(null);
  // After a member is taken out their card (and the menu that opened the dialog) is gone: focus goes to
  // the list. A counter, so that the page's effect runs after the dialog's own, which returns focus to the menu.
  const listRef = useRef<HTMLUListElement>(null);
  const [memberGone, setMemberGone] = useState(0);
  useEffect(() => {
    if (memberGone) listRef.current?.focus();
  }, [memberGone]);

  return (
    <div className="mt-6 space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField label={t("search")} value={q} onValueChange={setQ} className="flex-1" />
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="shrink-0 text-sm text-muted-foreground">
            {t("sort.label")}
          </label>
          <Select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as MemberSort)} className="w-auto">
            {memberSorts.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button
          variant={onlineOnly ? "primary" : "outline"}
          aria-pressed={onlineOnly}
          onClick={() => setOnlineOnly((v) => !v)}
          className="shrink-0"
        >
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-500" aria-hidden="true" />
          {t("onlineOnly")}
          {presence && <span className="text-xs opacity-80">({t("onlineCount", { count: presence.count })})</span>}
        </Button>
        {community.canEdit && community.reviewStatus === "approved" && <InviteButton community={community} />}
      </div>

      {members.isPending ? (
        <MemberSkeletons label={t("loading")} />
      ) : members.isError && items.length === 0 ? (
        <LoadError message={t("loadFailed")} retryLabel={tc("common.tryAgain")} onRetry={() => void members.refetch()} />
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface p-10 text-center">
          <Users className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">{debouncedQ ? t("noMatches") : onlineOnly ? t("noneOnline") : t("empty")}</p>
        </div>
      ) : (
        <div>
          <ul
            ref={listRef}
            tabIndex={-1}
            aria-label={t("list", { community: community.name })}
            aria-busy={members.isFetching || undefined}
            className={cn("space-y-3 rounded-2xl", members.isPlaceholderData && "opacity-60")}
          >
            {shown.map((m) => (
              <MemberCard
                key={m.id}
                member={m}
                online={isOnline(presence, m)}
                isMe={m.id === me}
                levelName={levelName}
                actions={
                  mayRemove(rank, memberRank(m), m.id === me) ? <MemberActionsMenu member={m} onChoose={setTarget} /> : undefined
                }
              />
            ))}
          </ul>
          <div ref={sentinel} className="flex min-h-16 flex-col items-center justify-center gap-2 py-6">
            {members.hasNextPage ? (
              <Button
                variant="outline"
                aria-disabled={members.isFetchingNextPage || undefined}
                onClick={() => !members.isFetchingNextPage && void members.fetchNextPage()}
              >
                {members.isFetchingNextPage && <Spinner size="sm" decorative />}
                {members.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t("end")}</p>
            )}
          </div>
        </div>
      )}
      <MemberActionDialog
        community={community}
        target={target}
        onCancel={() => setTarget(null)}
        onDone={() => {
          setTarget(null);
          setMemberGone((n) => n + 1);
        }}
      />
    </div>
  );
}
