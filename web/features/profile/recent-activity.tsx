import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActivityItem } from "../../../common/contract/profiles";
import { Button } from "../../components/ui/button";
import { ActivityDialog } from "./activity-dialog";
import { ActivityList } from "./activity-list";

/** 'Recent Activity': the five newest, and 'View All Activity' when there are more. */
export function RecentActivity({ userId, items, hasMore }: { userId: string; items: ActivityItem[]; hasMore: boolean }) {
  const { t } = useTranslation("profile");
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="profile-activity" className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="profile-activity" className="text-lg font-semibold text-foreground">
          {t("recentActivity")}
        </h2>
        {hasMore && (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            {t("viewAllActivity")}
          </Button>
        )}
      </div>
      {items.length === 0 ? <p className="mt-3 text-muted-foreground">{t("noActivity")}</p> : <ActivityList items={items} />}
      {hasMore && <ActivityDialog userId={userId} open={open} onOpenChange={setOpen} />}
    </section>
  );
}
