import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { RadioGroup } from "../../../components/ui/radio-group";
import { draftFromSearch, type FilterDraft } from "./explore-filters";
import type { ExploreSearch } from "../../../../common/explore-search";

type FiltersDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  search: ExploreSearch;
  onApply: (draft: FilterDraft) => void;
};

/** Price (with a range only for paid), payment type and minimum members; applied together on submit. */
export function FiltersDialog({ open, onOpenChange, search, onApply }: FiltersDialogProps) {
  const { t } = useTranslation("communities");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("filters.title")} description={t("filters.description")}>
      {/* Mounted per opening, so the draft always starts from the filters in the address. */}
      {open && <FiltersForm initial={draftFromSearch(search)} onApply={onApply} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function FiltersForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: FilterDraft;
  onApply: (d: FilterDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("communities");
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const reset = () => setDraft({ price: "all", minPrice: "", maxPrice: "", paymentType: "all", minMembers: "" });

  return (
    <form onSubmit={submit} className="space-y-5">
      <RadioGroup
        legend={t("filters.price")}
        name="price"
        value={draft.price}
        onChange={(v) => set("price", v)}
        options={[
          { value: "all", label: t("filters.priceAll") },
          { value: "free", label: t("filters.priceFree") },
          { value: "paid", label: t("filters.pricePaid") },
        ]}
      />
      {draft.price === "paid" && (
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("filters.minPrice")}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={draft.minPrice}
              onChange={(e) => set("minPrice", e.target.value)}
            />
          </Field>
          <Field label={t("filters.maxPrice")}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={draft.maxPrice}
              onChange={(e) => set("maxPrice", e.target.value)}
            />
          </Field>
        </div>
      )}
      <RadioGroup
        legend={t("filters.paymentType")}
        name="paymentType"
        value={draft.paymentType}
        onChange={(v) => set("paymentType", v)}
        options={[
          { value: "all", label: t("filters.paymentAll") },
          { value: "subscription", label: t("filters.paymentSubscription") },
          { value: "single", label: t("filters.paymentSingle") },
        ]}
      />
      <Field label={t("filters.minMembers")}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={draft.minMembers}
          onChange={(e) => set("minMembers", e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-between gap-2 pt-1">
        <Button variant="ghost" onClick={reset}>
          {t("filters.reset")}
        </Button>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit">{t("filters.apply")}</Button>
        </div>
      </div>
    </form>
  );
}
