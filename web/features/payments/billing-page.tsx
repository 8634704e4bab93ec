import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { Receipt } from "../../../common/contract/billing";
import { receiptAmount } from "../../../common/contract/billing-format";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { useFormatter } from "../../lib/format/formatter";
import { receiptsQueryOptions } from "./billing-queries";
import { ReceiptPage } from "./receipt-page";

/** /billing: every receipt of the payer's, newest first; /billing?receipt=<id> opens one, printable. */
export function BillingRoute() {
  const search: Record<string, unknown> = useSearch({ strict: false });
  return typeof search.receipt === "string" ? <ReceiptPage receiptId={search.receipt} /> : <BillingHistory />;
}

function BillingHistory() {
  const { t } = useTranslation("payments");
  useDocumentTitle(t("billing.title"));
  const receipts = useQuery(receiptsQueryOptions());
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeading>{t("billing.title")}</PageHeading>
      {receipts.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          {[0, 1].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-2xl bg-muted" />
          ))}
        </div>
      ) : receipts.isError ? (
        <LoadError
          message={t("billing.loadFailed")}
          retryLabel={t("common.tryAgain", { ns: "translation" })}
          onRetry={() => void receipts.refetch()}
        />
      ) : receipts.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
          {t("billing.empty")}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-2xl border border-border bg-surface shadow-sm">
          {receipts.data.map((r) => (
            <ReceiptRow key={r.id} receipt={r} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReceiptRow({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation("payments");
  const format = useFormatter();
  return (
    <li>
      <Link
        to="/billing"
        search={{ receipt: r.id } as never}
        className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        <span className="min-w-0">
          <span className="block font-medium break-words text-foreground">
            {r.community.name ?? t(`billing.items.${r.item}`)} · {t(`billing.items.${r.item}`)}
          </span>
          <span className="block text-sm text-muted-foreground">
            {r.number} · {format.longDate(r.createdAt)}
          </span>
        </span>
        <span className="text-right">
          <span className="block font-semibold text-foreground tabular-nums">
            {r.kind === "refund" ? "−" : ""}
            {receiptAmount(r.amount)}
          </span>
          <span className="block text-sm text-muted-foreground">{t(`billing.kinds.${r.kind}`)}</span>
        </span>
      </Link>
    </li>
  );
}
