import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { ApiError, call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { currentLanguage } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { AuthCard, AuthForm } from "./auth-layout";
import { CheckEmail } from "./check-email";
import { registerFieldFor, validateRegister, type RegisterErrors, type RegisterValues } from "./validation";

/** Where the verification link lands: it signs the user in and opens the profile wizard. */
export const VERIFIED_CALLBACK_PATH = "/auth/complete-profile";

type FieldName = keyof RegisterValues;
type ServerErrors = Partial<Record<FieldName, string>>;

const EMPTY: RegisterValues = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "", acceptTerms: false };

/** better-auth answers some field problems with a code instead of an issue list. */
function serverFieldErrors(err: unknown): ServerErrors {
  if (!(err instanceof ApiError)) return {};
  const out: ServerErrors = {};
  for (const issue of err.issues) {
    const field = registerFieldFor(issue.path);
    if (field && !out[field]) out[field] = issue.message;
  }
  if (/^USER_ALREADY_EXISTS/.test(err.code) || err.code === "INVALID_EMAIL") out.email ??= err.message;
  if (/^PASSWORD_TOO_(SHORT|LONG)$/.test(err.code) || err.code === "WEAK_PASSWORD") out.password ??= err.message;
  return out;
}

export function RegisterPage({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = <K extends FieldName>(key: K, value: RegisterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((s) => ({ ...s, [key]: undefined }));
  };

  const signUp = useMutation({
    mutationFn: (v: RegisterValues) =>
      call("POST /api/auth/sign-up/email", {
        body: {
          name: `${v.firstName.trim()} ${v.lastName.trim()}`,
          email: v.email.trim(),
          password: v.password,
          callbackURL: VERIFIED_CALLBACK_PATH,
          // The account's e-mails, starting with the verification one, come in the language the form was read in.
          language: currentLanguage(),
        },
      }),
    onSuccess: (_data, v) => {
      toast({ variant: "success", title: t("auth.register.successTitle"), description: t("auth.register.successDescription") });
      setSentTo(v.email.trim());
    },
    onError: (err) => {
      const fields = serverFieldErrors(err);
      setServerErrors(fields);
      // A field's problem is said beside it, once; the spec's 'Registration failed' is for the others.
      if (Object.keys(fields).length === 0)
        toast({ variant: "destructive", title: t("auth.register.failedTitle"), description: errorMessage(err) });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = validateRegister(values);
    setErrors(next);
    setServerErrors({});
    if (Object.keys(next).length) return;
    signUp.mutate(values);
  };

  if (sentTo) {
    return (
      <CheckEmail
        message={t("auth.register.checkEmail", { email: sentTo })}
        footer={
          <Link to="/auth/login" className="font-medium text-link hover:underline">
            {t("auth.backToSignIn")}
          </Link>
        }
      />
    );
  }

  const errorOf = (key: FieldName) => serverErrors[key] ?? (errors[key] ? t(errors[key]) : undefined);

  return (
    <AuthCard
      title={t("auth.register.title")}
      description={t("auth.register.description")}
      footer={
        <>
          {t("auth.register.haveAccount")}{" "}
          <Link
            to="/auth/login"
            search={redirectTo ? { redirect: redirectTo } : {}}
            className="font-medium text-link hover:underline"
          >
            {t("auth.register.signIn")}
          </Link>
        </>
      }
    >
      <AuthForm onSubmit={onSubmit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("auth.fields.firstName")} error={errorOf("firstName")}>
            <Input
              autoComplete="given-name"
              value={values.firstName}
              onChange={(e) => set("firstName", e.target.value)}
              required
            />
          </Field>
          <Field label={t("auth.fields.lastName")} error={errorOf("lastName")}>
            <Input
              autoComplete="family-name"
              value={values.lastName}
              onChange={(e) => set("lastName", e.target.value)}
              required
            />
          </Field>
        </div>
        <Field label={t("auth.fields.email")} error={errorOf("email")}>
          <Input type="email" autoComplete="email" value={values.email} onChange={(e) => set("email", e.target.value)} required />
        </Field>
        <Field label={t("auth.fields.password")} error={errorOf("password")} hint={t("auth.passwordHint")}>
          <PasswordInput
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set("password", e.target.value)}
            required
          />
        </Field>
        <Field label={t("auth.fields.confirmPassword")} error={errorOf("confirmPassword")}>
          <PasswordInput
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set("confirmPassword", e.target.value)}
            required
          />
        </Field>
        <Checkbox
          label={t("auth.register.acceptTerms")}
          checked={values.acceptTerms}
          onChange={(e) => set("acceptTerms", e.target.checked)}
          error={errorOf("acceptTerms")}
          required
        />
        <Button type="submit" className="w-full" loading={signUp.isPending}>
          {signUp.isPending ? t("auth.register.submitting") : t("auth.register.submit")}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
