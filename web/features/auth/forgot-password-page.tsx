import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { AuthCard, AuthForm } from "./auth-layout";
import { CheckEmail } from "./check-email";
import { validateEmail, type FieldErrorKey } from "./validation";

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<FieldErrorKey | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const requestReset = useMutation({
    mutationFn: (address: string) => call("POST /api/auth/request-password-reset", { body: { email: address } }),
    onSuccess: (_data, address) => {
      toast({ variant: "success", title: t("auth.forgot.successTitle"), description: t("auth.forgot.successDescription") });
      setSentTo(address);
    },
    onError: (err) => {
      toast({ variant: "destructive", title: t("auth.reset.failedTitle"), description: errorMessage(err) });
    },
  });

  const backToSignIn = (
    <Link to="/auth/login" className="font-medium text-link hover:underline">
      {t("auth.backToSignIn")}
    </Link>
  );

  if (sentTo) {
    return (
      <CheckEmail message={t("auth.forgot.checkEmail", { email: sentTo })} footer={backToSignIn}>
        <p className="text-sm text-muted-foreground">
          {t("auth.forgot.notReceived")}{" "}
          <button
            type="button"
            className="font-medium text-link hover:underline"
            onClick={() => {
              setSentTo(null);
              requestReset.reset();
            }}
          >
            {t("auth.forgot.tryAgain")}
          </button>
        </p>
      </CheckEmail>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    if (!problem) requestReset.mutate(email.trim());
  };

  return (
    <AuthCard title={t("auth.forgot.title")} description={t("auth.forgot.description")} footer={backToSignIn}>
      <AuthForm onSubmit={onSubmit}>
        <Field label={t("auth.fields.email")} error={error && t(error)}>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </Field>
        <Button type="submit" className="w-full" loading={requestReset.isPending}>
          {requestReset.isPending ? t("auth.forgot.submitting") : t("auth.forgot.submit")}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
