import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CreditCard, MoreVertical, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../common/contract/payments";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { SavedCardLabel } from "../../components/payments/saved-card-label";
import { buttonClasses } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { DropdownMenu, MenuItem } from "../../components/ui/dropdown-menu";
import { call } from "../../lib/api";
import { patch } from "../../lib/cache-write";
import { paymentKeys, paymentMethodsQueryOptions } from "../../lib/payments";
import { toast } from "../../lib/toast";

/** /payment-methods: 'Saved Cards (n)', make default, delete with confirmation (spec 002). */
export function PaymentMethodsPage() {
  const { t } = useTranslation("payments");
  useDocumentTitle(t("methods.title"));
  const cards = useQuery(paymentMethodsQueryOptions());
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{t("methods.title")}</PageHeading>
        <div className="flex flex-wrap gap-2">
          <Link to="/billing" className={buttonClasses({ variant: "outline" })}>
            {t("billing.link")}
          </Link>
          <Link to="/add-payment-method" className={buttonClasses({})}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t("methods.add")}
          </Link>
        </div>
      </div>
      {cards.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          {[0, 1].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-muted" />
          ))}
        </div>
      ) : cards.isError ? (
        <LoadError
          message={t("methods.loadFailed")}
          retryLabel={t("common.tryAgain", { ns: "translation" })}
          onRetry={() => void cards.refetch()}
        />
      ) : cards.data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border p-10 text-center">
          <CreditCard className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium text-foreground">{t("methods.empty")}</p>
          <p className="text-sm text-muted-foreground">{t("methods.emptyHint")}</p>
          <Link to="/add-payment-method" className={buttonClasses({})}>
            {t("methods.add")}
          </Link>
        </div>
      ) : (
        <section aria-labelledby="saved-cards" className="space-y-3">
          <h2 id="saved-cards" className="text-sm font-medium text-muted-foreground">
            {t("methods.savedCards", { count: cards.data.items.length })}
          </h2>
          <ul className="space-y-3">
            {cards.data.items.map((card) => (
              <CardRow key={card.id} card={card} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function CardRow({ card }: { card: PaymentMethod }) {
  const { t } = useTranslation("payments");
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const makeDefault = useMutation({
    mutationFn: () => call("POST /api/payments/methods/:id/default", { params: { id: card.id } }),
    onSuccess: (data) =>
      client.setQueryData(paymentMethodsQueryOptions().queryKey, (old) => old && patch(old, { items: data.items })),
    onError: () => toast({ variant: "destructive", title: t("methods.defaultFailed") }),
  });
  const remove = useMutation({
    mutationFn: () => call("DELETE /api/payments/methods/:id", { params: { id: card.id } }),
    onSuccess: async () => {
      setConfirming(false);
      toast({ variant: "success", title: t("methods.deleted") });
      await client.invalidateQueries({ queryKey: paymentKeys.methods() });
    },
    onError: () => toast({ variant: "destructive", title: t("methods.deleteFailed") }),
  });
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm">
      <SavedCardLabel card={card} />
      <DropdownMenu
        triggerLabel={t("methods.options", { card: card.lastFour })}
        trigger={<MoreVertical className="h-5 w-5" aria-hidden="true" />}
        triggerClassName={buttonClasses({ variant: "ghost", size: "icon" })}
        menuLabel={t("methods.options", { card: card.lastFour })}
      >
        {!card.isDefault && <MenuItem onSelect={() => makeDefault.mutate()}>{t("methods.makeDefault")}</MenuItem>}
        <MenuItem onSelect={() => setConfirming(true)} className="text-destructive-text">
          {t("methods.delete")}
        </MenuItem>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("methods.deleteTitle")}
        description={t("methods.deleteBody", { card: card.maskedCard })}
        confirmLabel={t("methods.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}
