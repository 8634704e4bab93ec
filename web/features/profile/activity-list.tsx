import { Link } from "@tanstack/react-router";
import { FileText, Heart, MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ActivityItem } from "../../../common/contract/profiles";
import { useFormatter } from "../../lib/format/formatter";
import { useRelativeTime } from "../../lib/time";

const icons = { post: FileText, comment: MessageSquare, like: Heart } as const;

/** Posts, comments and likes, newest first, each leading to its post. */
export function ActivityList({ items }: { items: ActivityItem[] }) {
  const { t } = useTranslation("profile");
  const relative = useRelativeTime();
  const format = useFormatter();
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => {
        const Icon = icons[item.type];
        return (
          <li key={item.id}>
            <Link
              to="/post/$postId"
              params={{ postId: item.postId }}
              className="flex gap-3 px-1 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-foreground">
                  {t(`activity.${item.type}`, { community: item.communityName })}
                </span>
                <span className="mt-0.5 block text-sm break-words text-muted-foreground">{item.content}</span>
                <span className="mt-1 flex gap-2 text-xs text-muted-foreground">
                  <time dateTime={new Date(item.createdAt).toISOString()} title={format.dateTime(item.createdAt)}>
                    {relative(item.createdAt, "feed")}
                  </time>
                  {item.pointsEarned > 0 && (
                    <span className="font-medium text-emerald-700 dark:text-emerald-300">
                      {t("pointsEarned", { count: item.pointsEarned })}
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
