import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field";
import { Input, inputClasses, Textarea } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { categories, subscriptionIntervals, type PaymentType, type SubscriptionInterval } from "../../../../common/catalog";
import { RadioGroup } from "../../../components/ui/radio-group";
import { Select } from "../../../components/ui/select";
import { ImageUploader } from "../uploads/image-uploader";
import type { ImageUploads } from "../uploads/use-image-uploads";
import { AudienceTags } from "./audience-tags";
import { COMMUNITY_DESCRIPTION_MAX, COMMUNITY_NAME_MAX, PHONE_PREFIX } from "../../../../common/contract/limits";
import { phoneDigitsFrom, type CommunityField, type CommunityFormValues, type FormErrors } from "./form-model";

/** Every field's element id, so a failed submit can move focus to the first problem. */
export const fieldId = (prefix: string, field: CommunityField) => `${prefix}-${field}`;

type CommunityFormFieldsProps = {
  /** Distinguishes the ids of the create and edit forms. */
  idPrefix: string;
  values: CommunityFormValues;
  onChange: (patch: Partial<CommunityFormValues>) => void;
  /** Already in words (translated client messages or the server's own). */
  errors: FormErrors;
  uploads: ImageUploads;
  disabled?: boolean;
  /**
   * The community's plan has no paid memberships (Free): the paid option cannot be chosen and a price
   * it already has cannot be changed, only dropped by going free (the API refuses the rest).
   */
  paidLocked?: boolean;
  /** The community is paid as stored (an edit): with `paidLocked`, it keeps its price as it is. */
  storedPaid?: boolean;
};

/** The fields shared by Create Community and the community's Details settings. */
export function CommunityFormFields({
  idPrefix,
  values,
  onChange,
  errors,
  uploads,
  disabled,
  paidLocked,
  storedPaid,
}: CommunityFormFieldsProps) {
  const { t } = useTranslation("communities");
  const id = (field: CommunityField) => fieldId(idPrefix, field);

  return (
    <div className="space-y-6">
      <ImageUploader uploads={uploads} error={errors.imageUrls} disabled={disabled} inputId={id("imageUrls")} />
      <Field
        label={t("form.name")}
        error={errors.name}
        hint={t("form.counter", { length: values.name.length, max: COMMUNITY_NAME_MAX })}
      >
        <Input
          id={id("name")}
          value={values.name}
          maxLength={COMMUNITY_NAME_MAX}
          disabled={disabled}
          onChange={(e) => onChange({ name: e.target.value })}
          placeholder={t("form.namePlaceholder")}
          required
        />
      </Field>
      <Field
        label={t("form.description")}
        error={errors.description}
        hint={t("form.counter", { length: values.description.length, max: COMMUNITY_DESCRIPTION_MAX })}
      >
        <Textarea
          id={id("description")}
          rows={5}
          value={values.description}
          maxLength={COMMUNITY_DESCRIPTION_MAX}
          disabled={disabled}
          onChange={(e) => onChange({ description: e.target.value })}
          placeholder={t("form.descriptionPlaceholder")}
          required
        />
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t("form.phone")} error={errors.phoneNumber} hint={t("form.phoneHint")}>
          <PhoneInput
            id={id("phoneNumber")}
            value={values.phoneDigits}
            disabled={disabled}
            onChange={(phoneDigits) => onChange({ phoneDigits })}
          />
        </Field>
        <Field label={t("form.category")} error={errors.categoryKey}>
          <Select
            id={id("categoryKey")}
            value={values.categoryKey}
            disabled={disabled}
            onChange={(e) => onChange({ categoryKey: e.target.value as CommunityFormValues["categoryKey"] })}
            required
          >
            <option value="" disabled>
              {t("form.categoryPlaceholder")}
            </option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label={t("form.video")} error={errors.coverVideoUrl} hint={t("form.videoHint")}>
        <Input
          id={id("coverVideoUrl")}
          type="url"
          inputMode="url"
          value={values.coverVideoUrl}
          disabled={disabled}
          onChange={(e) => onChange({ coverVideoUrl: e.target.value })}
          placeholder="https://www.youtube.com/watch?v=…"
        />
      </Field>
      <AudienceTags
        id={id("targetAudience")}
        tags={values.targetAudience}
        onChange={(targetAudience) => onChange({ targetAudience })}
        error={errors.targetAudience}
        disabled={disabled}
      />
      <MembershipFields
        idPrefix={idPrefix}
        values={values}
        onChange={onChange}
        errors={errors}
        disabled={disabled}
        paidLocked={paidLocked}
        storedPaid={storedPaid}
      />
    </div>
  );
}

/** A fixed, unread-aloud prefix (the country code, the currency) joined to the input after it. */
function InputWithPrefix({ prefix, children }: { prefix: string; children: ReactNode }) {
  return (
    <div className="flex">
      <span
        className="inline-flex items-center rounded-l-lg border border-r-0 border-input bg-muted px-3 text-sm text-foreground"
        aria-hidden="true"
      >
        {prefix}
      </span>
      {children}
    </div>
  );
}

/** A fixed +995 in front of a box that keeps digits only, at most nine. */
function PhoneInput({
  id,
  value,
  onChange,
  disabled,
  ...aria
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  return (
    <InputWithPrefix prefix={PHONE_PREFIX}>
      <input
        {...aria}
        id={id}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={value}
        disabled={disabled}
        // No maxLength: it would cut a pasted '+995 555 12 34 56' before phoneDigitsFrom can drop the code.
        onChange={(e) => onChange(phoneDigitsFrom(e.target.value))}
        placeholder="555123456"
        className={cn(inputClasses, "h-10 rounded-l-none")}
        required
      />
    </InputWithPrefix>
  );
}

function MembershipFields({
  idPrefix,
  values,
  onChange,
  errors,
  disabled,
  paidLocked,
  storedPaid,
}: Omit<CommunityFormFieldsProps, "uploads">) {
  const { t } = useTranslation("communities");
  const noteId = `${idPrefix}-paid-plan-note`;
  // On a plan without paid memberships the price stays as stored: set on a paid plan, or none.
  const pricing = disabled || paidLocked;
  return (
    <div className="space-y-5 rounded-xl border border-border p-4">
      <RadioGroup
        legend={t("form.membership")}
        name={`${idPrefix}-membership`}
        value={values.isPaid ? "paid" : "free"}
        disabled={disabled}
        describedBy={paidLocked ? noteId : undefined}
        onChange={(v) => onChange({ isPaid: v === "paid" })}
        options={[
          { value: "free", label: t("form.free") },
          { value: "paid", label: t("form.paid"), disabled: paidLocked && !storedPaid },
        ]}
      />
      {paidLocked && (
        <p id={noteId} className="rounded-lg bg-muted p-3 text-sm text-foreground">
          {t("form.paidNeedsPlan")}
        </p>
      )}
      {values.isPaid && (
        <>
          <Field label={t("form.price")} error={errors.price} hint={t("form.priceHint")}>
            <PriceInput
              id={fieldId(idPrefix, "price")}
              value={values.price}
              disabled={pricing}
              onChange={(price) => onChange({ price })}
            />
          </Field>
          <RadioGroup
            legend={t("form.paymentType")}
            name={`${idPrefix}-paymentType`}
            value={values.paymentType}
            disabled={pricing}
            onChange={(paymentType: PaymentType) => onChange({ paymentType })}
            options={[
              { value: "subscription", label: t("form.subscription") },
              { value: "single", label: t("form.oneTime") },
            ]}
          />
          {values.paymentType === "subscription" && (
            <Field label={t("form.interval")} error={errors.subscriptionInterval}>
              <Select
                id={fieldId(idPrefix, "subscriptionInterval")}
                value={values.subscriptionInterval}
                disabled={pricing}
                onChange={(e) => onChange({ subscriptionInterval: e.target.value as SubscriptionInterval })}
              >
                {subscriptionIntervals.map((i) => (
                  <option key={i} value={i}>
                    {t(`intervals.${i}`)}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </>
      )}
    </div>
  );
}

function PriceInput({
  id,
  value,
  onChange,
  disabled,
  ...aria
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  return (
    <InputWithPrefix prefix="₾">
      <input
        {...aria}
        id={id}
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClasses, "h-10 rounded-l-none")}
        required
      />
    </InputWithPrefix>
  );
}
