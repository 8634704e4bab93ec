import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BroadcastItem } from "../../../../../common/contract/broadcasts";
import { useFormatter } from "../../../../lib/format/formatter";

/** Past and running broadcasts, newest first: whom each went to, its progress while sending, its counts after. */
export function BroadcastHistory({ items }: { items: BroadcastItem[] }) {
  const { t } = useTranslation("communities");
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-foreground">
        {t("broadcasts.history")}
      </h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{t("broadcasts.empty")}</p>
      ) : (
        <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
          {items.map((item) => (
            <HistoryItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryItem({ item }: { item: BroadcastItem }) {
  const { t } = useTranslation("communities");
  const f = useFormatter();
  const done = item.sent + item.skipped + item.failed;
  // Members who joined while it went out may take it past the count written with it.
  const total = Math.max(item.recipients, done);
  const audience =
    item.segment === "level"
      ? t("broadcasts.levelAndAbove", { level: item.level ?? 1 })
      : t(`broadcasts.segments.${item.segment}`);
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium break-words text-foreground">{item.subject}</h3>
          <p className="text-sm text-muted-foreground">
            {[audience, item.senderName, f.dateTime(item.createdAt)].filter(Boolean).join(" · ")}
          </p>
        </div>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
          {t(`broadcasts.statuses.${item.status}`)}
        </span>
      </div>
      {item.status === "sent" ? (
        <p className="text-sm text-foreground">
          {t("broadcasts.counts", {
            sent: f.number(item.sent),
            skipped: f.number(item.skipped),
            failed: f.number(item.failed),
          })}
        </p>
      ) : (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label={t("broadcasts.progressLabel", { subject: item.subject })}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
          </div>
          <p className="text-sm text-muted-foreground">
            {t("broadcasts.progress", { done: f.number(done), total: f.number(total) })}
          </p>
        </div>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-link">{t("broadcasts.showMessage")}</summary>
        <p className="mt-2 break-words whitespace-pre-wrap text-foreground">{item.body}</p>
      </details>
    </li>
  );
}
