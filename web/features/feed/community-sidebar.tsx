import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FileText, TrendingUp, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { cn } from "../../lib/cn";
import { useFormatter } from "../../lib/format/formatter";
import { useCurrentCommunity } from "../../lib/my-communities";
import { statsQueryOptions } from "./queries";
import { TopicDot } from "./topic-badge";

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-4">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-foreground">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ label, value, live }: { label: string; value: number | undefined; live?: boolean }) {
  const format = useFormatter();
  return (
    <div className="rounded-xl bg-muted px-2 py-2.5 text-center">
      <dt className="flex items-center justify-center gap-1 text-xs text-muted-foreground">
        {live && <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-500" />}
        {label}
      </dt>
      {/* data-volatile: the online count moves from moment to moment (screenshot comparisons mask it). */}
      <dd className="mt-0.5 text-lg font-semibold text-foreground tabular-nums" data-volatile={live || undefined}>
        {value === undefined ? (
          <span className="inline-block h-5 w-8 animate-pulse rounded bg-border align-middle" />
        ) : (
          format.number(value)
        )}
      </dd>
    </div>
  );
}

type CommunitySidebarProps = {
  communityId: string;
  /** Trending topics filter the feed; on the post page they lead back to it. */
  onTopic: (topicId: string) => void;
  /** Home lists the user's communities too (spec 000 section 2: 'My Communities'). */
  showMyCommunities?: boolean;
  className?: string;
};

/** Real figures from /stats; the online count then follows the community room's presence events. */
export function CommunitySidebar({ communityId, onTopic, showMyCommunities, className }: CommunitySidebarProps) {
  const { t } = useTranslation("feed");
  const stats = useQuery(statsQueryOptions(communityId));
  const data = stats.data;

  return (
    <aside aria-label={t("sidebar.label")} className={cn("space-y-4", className)}>
      <Card title={t("sidebar.stats")} icon={<Users className="h-4 w-4 text-muted-foreground" aria-hidden="true" />}>
        {stats.isError ? (
          <p className="text-sm text-muted-foreground">{t("sidebar.loadFailed")}</p>
        ) : (
          <dl className="grid grid-cols-3 gap-2">
            <Figure label={t("sidebar.members")} value={data?.membersCount} />
            <Figure label={t("sidebar.posts")} value={data?.postsCount} />
            <Figure label={t("sidebar.online")} value={data?.onlineCount} live />
          </dl>
        )}
      </Card>

      <Card title={t("sidebar.trending")} icon={<TrendingUp className="h-4 w-4 text-muted-foreground" aria-hidden="true" />}>
        {!data ? (
          stats.isError ? null : (
            <div className="h-16 animate-pulse rounded-xl bg-muted" />
          )
        ) : data.trendingTopics.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("sidebar.trendingEmpty")}</p>
        ) : (
          <ul className="space-y-1">
            {data.trendingTopics.map((topic) => (
              <li key={topic.id}>
                <button
                  type="button"
                  onClick={() => onTopic(topic.id)}
                  className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-muted"
                >
                  <TopicDot color={topic.color} />
                  <span className="min-w-0 flex-1 truncate font-medium text-foreground">{topic.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {t("sidebar.recentPosts", { count: topic.recentPosts })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {showMyCommunities && <MyCommunities />}
    </aside>
  );
}

function MyCommunities() {
  const { t } = useTranslation("feed");
  const { t: tc } = useTranslation();
  const { communities, current, select } = useCurrentCommunity();
  return (
    <Card title={t("sidebar.myCommunities")} icon={<FileText className="h-4 w-4 text-muted-foreground" aria-hidden="true" />}>
      <ul className="space-y-1">
        {communities.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => select(c.id)}
              aria-current={c.id === current?.id ? "true" : undefined}
              className={cn(
                "flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-muted",
                c.id === current?.id && "bg-muted",
              )}
            >
              <Avatar src={c.imageUrls[0]} name={c.name} shape="rounded" size="xs" />
              <span className="min-w-0 flex-1 truncate font-medium text-foreground">{c.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {c.isCreator ? tc("communities.owner") : tc("communities.member")}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Link to="/communities/explore" className="mt-2 block px-2 text-sm font-medium text-link hover:underline">
        {tc("communities.explore")}
      </Link>
    </Card>
  );
}
