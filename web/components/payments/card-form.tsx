import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cardNumberValid, cvvValid, parseExpiry } from "../../../common/card";
import { Field } from "../ui/field";
import { Input } from "../ui/input";

export type CardValues = { number: string; expiry: string; cvv: string; holder: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;
export const emptyCard: CardValues = { number: "", expiry: "", cvv: "", holder: "" };

/**
 * The spec's checks (002 section 5): paying checks the number's Luhn digit and says 'Invalid ...'; the
 * add-card screen checks the length only and says 'Please enter a valid ...'.
 */
export function validateCard(values: CardValues, style: "pay" | "save"): CardErrors {
  const errors: CardErrors = {};
  const prefix = style === "pay" ? "payments.invalid" : "payments.enterValid";
  if (!cardNumberValid(values.number, { luhn: style === "pay" })) errors.number = `${prefix}.number`;
  if (!parseExpiry(values.expiry)) errors.expiry = `${prefix}.expiry`;
  if (!cvvValid(values.cvv)) errors.cvv = `${prefix}.cvv`;
  if (!values.holder.trim()) errors.holder = "payments.holderRequired";
  return errors;
}

/** Groups of four while typing, at most 19 digits. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** MM/YY with the slash added after the month. */
const expiryInput = (value: string) => {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

type CardFieldsProps = {
  values: CardValues;
  errors: CardErrors;
  onChange: (values: CardValues) => void;
  disabled?: boolean;
};

/** Card number, expiry, CVV and cardholder: the fields both card forms share. */
export function CardFields({ values, errors, onChange, disabled }: CardFieldsProps) {
  const { t } = useTranslation();
  const set = (key: keyof CardValues, value: string) => onChange({ ...values, [key]: value });
  const error = (key: keyof CardValues) => (errors[key] ? t(errors[key]) : null);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t("payments.cardNumber")} error={error("number")} className="sm:col-span-2">
        <Input
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          value={values.number}
          disabled={disabled}
          onChange={(e) => set("number", groupDigits(e.target.value))}
        />
      </Field>
      <Field label={t("payments.expiry")} error={error("expiry")}>
        <Input
          name="cc-exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t("payments.expiryPlaceholder")}
          value={values.expiry}
          disabled={disabled}
          onChange={(e) => set("expiry", expiryInput(e.target.value))}
        />
      </Field>
      <Field label={t("payments.cvv")} error={error("cvv")}>
        <Input
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={values.cvv}
          disabled={disabled}
          onChange={(e) => set("cvv", e.target.value.replace(/\D/g, "").slice(0, 4))}
        />
      </Field>
      <Field label={t("payments.holder")} error={error("holder")} className="sm:col-span-2">
        <Input
          name="ccname"
          autoComplete="cc-name"
          value={values.holder}
          disabled={disabled}
          onChange={(e) => set("holder", e.target.value)}
        />
      </Field>
    </div>
  );
}

/** The form's values as the API takes them. */
export const cardBody = (values: CardValues) => ({
  number: values.number.replace(/\s+/g, ""),
  expiry: values.expiry,
  cvv: values.cvv,
  holder: values.holder.trim(),
});

/** The form's state; editing a field clears the message it had. */
export function useCardForm() {
  const [values, setValues] = useState<CardValues>(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const change = (next: CardValues) => {
    setErrors((old) => {
      const kept = { ...old };
      for (const key of Object.keys(next) as (keyof CardValues)[]) if (next[key] !== values[key]) delete kept[key];
      return kept;
    });
    setValues(next);
  };
  return { values, change, errors, setErrors };
}
