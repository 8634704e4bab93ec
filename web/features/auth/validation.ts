import { PASSWORD_MIN } from "../../../common/contract/limits";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

/** Translation keys of field errors; the forms turn them into text. */
export type FieldErrorKey =
  | "auth.errors.emailRequired"
  | "auth.errors.emailInvalid"
  | "auth.errors.passwordRequired"
  | "auth.errors.passwordTooShort"
  | "auth.errors.passwordsMustMatch"
  | "auth.errors.firstNameRequired"
  | "auth.errors.lastNameRequired"
  | "auth.errors.termsRequired";

export function validateEmail(email: string): FieldErrorKey | null {
  if (!email.trim()) return "auth.errors.emailRequired";
  if (!isEmail(email)) return "auth.errors.emailInvalid";
  return null;
}

export function validateNewPassword(password: string): FieldErrorKey | null {
  if (!password) return "auth.errors.passwordRequired";
  if (password.length < PASSWORD_MIN) return "auth.errors.passwordTooShort";
  return null;
}

export function validateConfirmation(password: string, confirmation: string): FieldErrorKey | null {
  if (!confirmation) return "auth.errors.passwordRequired";
  if (password !== confirmation) return "auth.errors.passwordsMustMatch";
  return null;
}

export type RegisterValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
};

export type RegisterErrors = Partial<Record<keyof RegisterValues, FieldErrorKey>>;

export function validateRegister(v: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!v.firstName.trim()) errors.firstName = "auth.errors.firstNameRequired";
  if (!v.lastName.trim()) errors.lastName = "auth.errors.lastNameRequired";
  const email = validateEmail(v.email);
  if (email) errors.email = email;
  const password = validateNewPassword(v.password);
  if (password) errors.password = password;
  const confirm = validateConfirmation(v.password, v.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  if (!v.acceptTerms) errors.acceptTerms = "auth.errors.termsRequired";
  return errors;
}

/** Maps the server's field paths onto the form's fields ('name' is split into first and last in the form). */
export function registerFieldFor(path: string): keyof RegisterValues | null {
  const head = path.split(".")[0];
  if (head === "name") return "firstName";
  if (head === "email" || head === "password") return head;
  return null;
}
