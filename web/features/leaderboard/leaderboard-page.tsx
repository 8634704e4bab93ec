import { useQuery } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { leaderboardPeriods, type LeaderboardPeriod } from "../../../common/contract/enums";
import type { LeaderRow } from "../../../common/contract/leaderboard";
import type { MyCommunity } from "../../../common/contract/me";
import { levelForPoints, levelThresholds, MAX_LEVEL, pointsToNextLevel } from "../../../common/levels";
import { LevelBadge, useLevelName } from "../../components/level-badge";
import { LoadError } from "../../components/load-error";
import { ProfileLink } from "../../components/profile-link";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { cn } from "../../lib/cn";
import { LevelNamesDialog } from "./level-names-dialog";
import { PointsHistory } from "./points-history";
import { boardQueryOptions } from "./queries";
import { useLeaderboardLive } from "./use-leaderboard-live";

type LevelName = (level: number) => string;

function Row({ row, isMe, levelName }: { row: LeaderRow; isMe: boolean; levelName: LevelName }) {
  const { t } = useTranslation("leaderboard");
  return (
    <li
      data-testid="leader-row"
      aria-current={isMe || undefined}
      className={cn("flex items-center gap-2 px-3 py-3 sm:gap-3 sm:px-4", isMe && "bg-primary/5")}
    >
      <span className="w-8 shrink-0 text-center font-bold text-muted-foreground tabular-nums">
        <span className="sr-only">{t("rank", { rank: row.rank })}</span>
        <span aria-hidden="true">{row.rank}</span>
      </span>
      <span className="relative shrink-0">
        <ProfileLink userId={row.id} duplicate>
          <Avatar src={row.avatarUrl} name={row.fullName} size="md" />
        </ProfileLink>
        <LevelBadge level={row.level} label={levelName(row.level)} />
      </span>
      {/* The name gives way on a narrow screen; "(You)" never does. */}
      <span className="flex min-w-0 flex-1 items-baseline gap-1.5 font-medium text-foreground">
        <span className="min-w-0 truncate">
          <ProfileLink userId={row.id}>{row.fullName}</ProfileLink>
        </span>
        {isMe && <span className="shrink-0 text-sm font-normal text-muted-foreground">({t("you")})</span>}
      </span>
      <span data-testid="leader-points" className="shrink-0 text-sm font-semibold text-foreground tabular-nums sm:text-base">
        {t("points", { count: row.points })}
      </span>
    </li>
  );
}

/** The caller's level, its name and how far the next one is. */
function MyLevel({ total, levelName }: { total: number; levelName: LevelName }) {
  const { t } = useTranslation("leaderboard");
  const level = levelForPoints(total);
  const missing = pointsToNextLevel(total);
  const from = levelThresholds[level - 1]!;
  const to = level < MAX_LEVEL ? levelThresholds[level]! : from;
  const progress = missing === null ? 100 : Math.round(((total - from) / (to - from)) * 100);
  return (
    <div className="rounded-2xl border border-border bg-surface p-4">
      <p data-testid="my-level" className="font-semibold text-foreground">
        {levelName(level)}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-label={levelName(level)}
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        {missing === null ? t("topLevel") : t("nextLevel", { count: missing, level: level + 1 })}
      </p>
    </div>
  );
}

function Board({ communityId, period }: { communityId: string; period: LeaderboardPeriod }) {
  const { t } = useTranslation("leaderboard");
  const { t: tc } = useTranslation();
  const board = useQuery(boardQueryOptions(communityId, period));
  const levelName = useLevelName(board.data?.levelNames);
  if (board.isPending) {
    return (
      <div role="status" className="space-y-2 p-4">
        <span className="sr-only">{t("loading")}</span>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} aria-hidden="true" className="h-12 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    );
  }
  if (board.isError) {
    return (
      <LoadError
        variant="plain"
        message={t("loadFailed")}
        retryLabel={tc("common.tryAgain")}
        onRetry={() => void board.refetch()}
      />
    );
  }
  const { items, me } = board.data;
  const meShown = items.some((r) => r.id === me.id);
  return (
    <div>
      {items.length === 0 ? (
        <p className="p-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <ol className="divide-y divide-border" aria-busy={board.isFetching || undefined}>
          {items.map((row) => (
            <Row key={row.id} row={row} isMe={row.id === me.id} levelName={levelName} />
          ))}
        </ol>
      )}
      {!meShown && (
        <div className="border-t-2 border-dashed border-border">
          <p className="px-4 pt-3 text-xs font-semibold text-muted-foreground uppercase">{t("yourRank")}</p>
          <ol>
            <Row row={me} isMe levelName={levelName} />
          </ol>
        </div>
      )}
    </div>
  );
}

/** /leaderboards: the period tabs over the ranking, the caller's level, and "My points". */
export default function LeaderboardPage({ community }: { community: MyCommunity }) {
  const { t } = useTranslation("leaderboard");
  const [period, setPeriod] = useState<LeaderboardPeriod>("allTime");
  const [naming, setNaming] = useState(false);
  useLeaderboardLive(community.id);
  const allTime = useQuery(boardQueryOptions(community.id, "allTime"));
  const levelName = useLevelName(allTime.data?.levelNames);
  const canName = (community.isCreator || community.role === "admin") && !community.archived;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Tabs value={period} onValueChange={(v) => setPeriod(v as LeaderboardPeriod)} className="min-w-0 space-y-3">
        <div className="flex items-center gap-3">
          <Trophy className="h-5 w-5 shrink-0 text-amber-500" aria-hidden="true" />
          <TabList label={t("periods.label")} className="flex-1">
            {leaderboardPeriods.map((p) => (
              <Tab key={p} value={p}>
                {t(`periods.${p}`)}
              </Tab>
            ))}
          </TabList>
        </div>
        {leaderboardPeriods.map((p) => (
          <TabPanel key={p} value={p} className="overflow-hidden rounded-2xl border border-border bg-surface">
            <Board communityId={community.id} period={p} />
          </TabPanel>
        ))}
        <p className="text-xs text-muted-foreground">{t("liveHint")}</p>
      </Tabs>
      <aside className="space-y-4">
        {allTime.data && <MyLevel total={allTime.data.myTotal} levelName={levelName} />}
        {canName && allTime.data && (
          <>
            <Button variant="outline" className="w-full" onClick={() => setNaming(true)}>
              {t("levelNames.edit")}
            </Button>
            <LevelNamesDialog communityId={community.id} names={allTime.data.levelNames} open={naming} onOpenChange={setNaming} />
          </>
        )}
        <section aria-labelledby="my-points" className="rounded-2xl border border-border bg-surface p-4">
          <h2 id="my-points" className="font-semibold text-foreground">
            {t("myPoints")}
          </h2>
          <PointsHistory communityId={community.id} />
        </section>
      </aside>
    </div>
  );
}
