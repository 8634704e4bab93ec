import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { ApiError, call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { AuthCard, AuthForm } from "./auth-layout";
import { meQueryOptions, safeRedirect } from "../../lib/session";
import { validateEmail, type FieldErrorKey } from "./validation";

/** Spec 000 section 9: the app moves on 500 ms after the success message. */
export const SIGN_IN_REDIRECT_DELAY_MS = 500;

type Errors = { email?: FieldErrorKey; password?: FieldErrorKey };

export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [succeeded, setSucceeded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const signIn = useMutation({
    mutationFn: () => call("POST /api/auth/sign-in/email", { body: { email: email.trim(), password, rememberMe } }),
    onSuccess: async () => {
      setSucceeded(true);
      // A previous visitor's cached data must not show up in this user's session.
      queryClient.removeQueries();
      await queryClient.fetchQuery(meQueryOptions).catch(() => null);
      toast({ variant: "success", title: t("auth.login.successTitle"), description: t("auth.login.successDescription") });
      timer.current = setTimeout(() => router.history.push(safeRedirect(redirectTo)), SIGN_IN_REDIRECT_DELAY_MS);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === "EMAIL_NOT_VERIFIED") {
        toast({
          variant: "destructive",
          title: t("auth.login.notVerifiedTitle"),
          description: t("auth.login.notVerifiedDescription"),
        });
        return;
      }
      toast({ variant: "destructive", title: t("auth.login.failedTitle"), description: errorMessage(err) });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const emailError = validateEmail(email);
    if (emailError) next.email = emailError;
    if (!password) next.password = "auth.errors.passwordRequired";
    setErrors(next);
    if (Object.keys(next).length) return;
    signIn.mutate();
  };

  const busy = signIn.isPending || succeeded;

  return (
    <AuthCard
      title={t("auth.login.title")}
      description={t("auth.login.description")}
      footer={
        <>
          {t("auth.login.noAccount")}{" "}
          <Link
            to="/auth/register"
            search={redirectTo ? { redirect: redirectTo } : {}}
            className="font-medium text-link hover:underline"
          >
            {t("auth.login.createAccount")}
          </Link>
        </>
      }
    >
      <AuthForm onSubmit={onSubmit}>
        <Field label={t("auth.fields.email")} error={errors.email && t(errors.email)}>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </Field>
        <Field label={t("auth.fields.password")} error={errors.password && t(errors.password)}>
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label={t("auth.login.rememberMe")} checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          <Link to="/auth/forgot-password" className="text-sm font-medium text-link hover:underline">
            {t("auth.login.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? t("auth.login.submitting") : t("auth.login.submit")}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
