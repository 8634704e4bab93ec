import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldIssue } from "../../../common/contract/http";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The contract's messages (the spec's English texts) and the keys of their translations. */
const messageKeys: Record<string, string> = {
  "Please fill in all fields": "errors.fillAll",
  "Passwords must match": "errors.mustMatch",
  "Password must be at least 8 characters": "errors.tooShort",
  "Password must contain a letter": "errors.needsLetter",
  "Password must contain a number": "errors.needsNumber",
  "Current password is incorrect": "errors.currentIncorrect",
  "Password is required": "errors.passwordRequired",
  "Password is incorrect": "errors.passwordIncorrect",
  "Email is required": "errors.emailRequired",
  "Invalid email address": "errors.emailInvalid",
  "This is already your e-mail address": "errors.sameEmail",
};

/** A form's messages per field, from the contract's or the server's issues (the first per field wins), translated. */
export function useFieldErrors<K extends string>() {
  const { t } = useTranslation("account");
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const fromIssues = (issues: readonly FieldIssue[]): FieldErrors<K> => {
    const next: FieldErrors<K> = {};
    for (const issue of issues) {
      const key = messageKeys[issue.message];
      next[issue.path as K] ??= key ? t(key) : issue.message;
    }
    return next;
  };
  return { errors, setErrors, fromIssues };
}
