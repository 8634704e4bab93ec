import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { Receipt } from "../../../common/contract/billing";
import { receiptAmount } from "../../../common/contract/billing-format";
import { LoadError } from "../../components/load-error";
import { useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { useFormatter } from "../../lib/format/formatter";
import { receiptQueryOptions } from "./billing-queries";

/**
 * On paper only the receipt shows: everything else on the page (the app's header, menus, tabs) is
 * hidden, whatever it is, so the chrome never needs to know about printing.
 */
const printStyles = `@media print {
  body * { visibility: hidden !important; }
  #receipt, #receipt * { visibility: visible !important; }
  #receipt { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; background: #fff; color: #000; }
}`;

/** /billing?receipt=<id>: one receipt, printable. */
export function ReceiptPage({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation("payments");
  const receipt = useQuery(receiptQueryOptions(receiptId));
  useDocumentTitle(receipt.data ? t("billing.receipt", { number: receipt.data.number }) : t("billing.title"));
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <style>{printStyles}</style>
      <Link to="/billing" className={buttonClasses({ variant: "link" })}>
        ← {t("billing.back")}
      </Link>
      {receipt.isPending ? (
        <div className="h-80 animate-pulse rounded-2xl bg-muted" aria-hidden="true" />
      ) : receipt.isError ? (
        receipt.error instanceof ApiError && receipt.error.status === 404 ? (
          <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
            {t("billing.notFound")}
          </p>
        ) : (
          <LoadError
            message={t("billing.loadFailed")}
            retryLabel={t("common.tryAgain", { ns: "translation" })}
            onRetry={() => void receipt.refetch()}
          />
        )
      ) : (
        <ReceiptSheet receipt={receipt.data} />
      )}
    </div>
  );
}

function ReceiptSheet({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation("payments");
  const format = useFormatter();
  const item =
    r.item === "creator_plan" && r.plan ? t("billing.planItem", { plan: t(`plans.${r.plan}`) }) : t(`billing.items.${r.item}`);
  const rows: [string, string | null][] = [
    [t("billing.fields.number"), r.number],
    [t("billing.fields.date"), format.dateTime(r.createdAt)],
    [t("billing.fields.community"), r.community.name],
    [t("billing.fields.item"), item],
    [
      t("billing.fields.period"),
      r.periodStart && r.periodEnd ? `${format.longDate(r.periodStart)} – ${format.longDate(r.periodEnd)}` : null,
    ],
    [t("billing.fields.amount"), `${r.kind === "refund" ? "−" : ""}${receiptAmount(r.amount)}`],
    [
      t("billing.fields.card"),
      r.lastFour ? t("billing.cardEnding", { brand: r.cardType ?? "", last4: r.lastFour }).trim() : null,
    ],
    [t("billing.fields.status"), t(`billing.kinds.${r.kind}`)],
  ];
  return (
    <article
      id="receipt"
      aria-labelledby="receipt-title"
      className="space-y-4 rounded-2xl border border-border bg-surface p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">{t("billing.issuer")}</p>
          <h1 id="receipt-title" className="text-xl font-semibold text-foreground">
            {t("billing.receipt", { number: r.number })}
          </h1>
        </div>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          {t("billing.print")}
        </Button>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words text-foreground">{value}</dd>
            </div>
          ))}
      </dl>
    </article>
  );
}
