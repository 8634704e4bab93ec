import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldIssue } from "../../../../common/contract/http";
import { MAX_COMMUNITY_IMAGES } from "../../../../common/catalog";
import { useImageUploads } from "../uploads/use-image-uploads";
import { fieldId } from "./community-form-fields";
import {
  firstInvalidField,
  issuesToErrors,
  validateCommunityForm,
  type CommunityFormValues,
  type FormErrors,
} from "./form-model";

/**
 * Form state shared by create and edit: values, uploads, per-field errors (client rules first, then the
 * server's issues) and focus on the first field that needs attention.
 */
export function useCommunityForm(idPrefix: string, initial: CommunityFormValues, initialIssues: FieldIssue[] = []) {
  const { t } = useTranslation("communities");
  const [values, setValues] = useState(initial);
  const uploads = useImageUploads(initial.imageUrls);
  const [errors, setErrors] = useState<FormErrors>(() => issuesToErrors(initialIssues).errors);

  const onChange = useCallback((patch: Partial<CommunityFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A field being corrected stops showing its old error.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[(key === "phoneDigits" ? "phoneNumber" : key) as keyof FormErrors];
      return next;
    });
  }, []);

  const current = useCallback(
    (): CommunityFormValues => ({ ...values, imageUrls: uploads.imageUrls }),
    [values, uploads.imageUrls],
  );

  const focusFirst = useCallback(
    (errs: FormErrors) => {
      const field = firstInvalidField(errs);
      if (field) requestAnimationFrame(() => document.getElementById(fieldId(idPrefix, field))?.focus());
    },
    [idPrefix],
  );

  /** Runs the client rules; returns the values to send, or null after showing what is wrong. */
  const validate = useCallback((): CommunityFormValues | null => {
    const v = current();
    const keys = validateCommunityForm({
      ...v,
      // Count every chosen image, not only finished ones, against the limit.
      imageUrls: uploads.items.length > MAX_COMMUNITY_IMAGES ? uploads.items.map((i) => i.id) : v.imageUrls,
    });
    const translated: FormErrors = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k)]));
    setErrors(translated);
    if (Object.keys(translated).length) {
      focusFirst(translated);
      return null;
    }
    return v;
  }, [current, uploads.items, t, focusFirst]);

  /** Shows the server's field issues; returns the messages it could not place on a field. */
  const showIssues = useCallback(
    (issues: FieldIssue[]): string[] => {
      const { errors: errs, other } = issuesToErrors(issues);
      setErrors(errs);
      focusFirst(errs);
      return other;
    },
    [focusFirst],
  );

  return { values, onChange, errors, uploads, current, validate, showIssues, focusFirst };
}
