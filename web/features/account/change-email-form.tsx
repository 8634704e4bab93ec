import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { call, isApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useFieldErrors } from "./field-errors";

/** The address changes only once the link mailed to the new one is followed. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation("account");
  const errorMessage = useErrorMessage();
  const [newEmail, setNewEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, setErrors, fromIssues } = useFieldErrors<"newEmail">();
  const change = useMutation({
    mutationFn: (address: string) => call("POST /api/auth/change-email", { body: { newEmail: address } }),
    onSuccess: (_, address) => {
      setSentTo(address);
      setNewEmail("");
    },
    onError: (err) => {
      if (isApiError(err, 422)) setErrors(fromIssues(err.issues));
      else toast({ variant: "destructive", title: t("email.failed"), description: errorMessage(err) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = newEmail.trim();
    if (!address) {
      setErrors(fromIssues([{ path: "newEmail", message: "Email is required" }]));
      return;
    }
    setErrors({});
    change.mutate(address);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <p className="text-sm text-muted-foreground">{t("email.current", { email: currentEmail })}</p>
      <Field label={t("email.new")} error={errors.newEmail}>
        <Input name="newEmail" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
      </Field>
      {sentTo && (
        <p role="status" className="text-sm text-foreground">
          {t("email.sent", { email: sentTo })}
        </p>
      )}
      <Button type="submit" variant="outline" loading={change.isPending}>
        {t("email.submit")}
      </Button>
    </form>
  );
}
