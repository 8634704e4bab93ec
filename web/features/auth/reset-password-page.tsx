import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { PasswordInput } from "../../components/ui/password-input";
import { call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { AuthCard, AuthForm } from "./auth-layout";
import { validateConfirmation, validateNewPassword, type FieldErrorKey } from "./validation";

/** Spec 000 section 9: back to sign-in 2 s after a successful reset. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** The token comes as ?token= (better-auth's redirect) or, from older links, in the #fragment. */
export function readResetToken(search: { token?: string }, hash: string): string | null {
  if (search.token) return search.token;
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  return fragment.get("token") || null;
}

export function ResetPasswordPage({ search }: { search: { token?: string; error?: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [token] = useState(() => readResetToken(search, typeof window === "undefined" ? "" : window.location.hash));
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: FieldErrorKey; confirm?: FieldErrorKey }>({});

  const reset = useMutation({
    mutationFn: () => call("POST /api/auth/reset-password", { body: { newPassword: password, token: token ?? "" } }),
    onError: (err) => {
      toast({ variant: "destructive", title: t("auth.reset.failedTitle"), description: errorMessage(err) });
    },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const handle = setTimeout(() => void navigate({ to: "/auth/login" }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(handle);
  }, [reset.isSuccess, navigate]);

  if (reset.isSuccess) {
    return (
      <AuthCard title={t("auth.reset.successTitle")}>
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{t("auth.reset.successDescription")}</p>
        </div>
      </AuthCard>
    );
  }

  if (!token || search.error) {
    return (
      <AuthCard title={t("auth.reset.invalidTitle")}>
        <div className="flex flex-col items-center gap-4 text-center">
          <TriangleAlert className="h-10 w-10 text-destructive-text" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{t("auth.reset.invalidDescription")}</p>
          <Link to="/auth/forgot-password" className={buttonClasses()}>
            {t("auth.reset.requestNewLink")}
          </Link>
          <Link to="/auth/login" className="text-sm font-medium text-link hover:underline">
            {t("auth.backToSignIn")}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      password: validateNewPassword(password) ?? undefined,
      confirm: validateConfirmation(password, confirm) ?? undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate();
  };

  return (
    <AuthCard
      title={t("auth.reset.title")}
      description={t("auth.reset.description")}
      footer={
        <Link to="/auth/login" className="font-medium text-link hover:underline">
          {t("auth.backToSignIn")}
        </Link>
      }
    >
      <AuthForm onSubmit={onSubmit}>
        <Field label={t("auth.fields.newPassword")} error={errors.password && t(errors.password)} hint={t("auth.passwordHint")}>
          <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </Field>
        <Field label={t("auth.fields.confirmNewPassword")} error={errors.confirm && t(errors.confirm)}>
          <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
        </Field>
        <Button type="submit" className="w-full" loading={reset.isPending}>
          {reset.isPending ? t("auth.reset.submitting") : t("auth.reset.submit")}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
