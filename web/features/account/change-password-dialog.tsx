import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN } from "../../../common/contract/limits";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { PasswordInput } from "../../components/ui/password-input";
import { accountKeys } from "../../lib/account";
import { call, isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useFieldErrors } from "./field-errors";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
type Fields = typeof empty;

/** Spec 002 "Privacy and security": the Change Password dialog, with the spec's four messages. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("account");
  const client = useQueryClient();
  const [values, setValues] = useState<Fields>(empty);
  const { errors, setErrors, fromIssues } = useFieldErrors<keyof Fields>();
  const close = () => {
    setValues(empty);
    setErrors({});
    onOpenChange(false);
  };
  const change = useMutation({
    mutationFn: (body: Fields) => call("POST /api/auth/change-password", { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accountKeys.sessions() });
      toast({ variant: "success", title: t("password.changed"), description: t("password.changedHint") });
      close();
    },
    onError: (err) => {
      if (isApiError(err, 422)) setErrors(fromIssues(err.issues));
      else toast({ variant: "destructive", title: t("password.failed") });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(values);
    if (problem) {
      setErrors(fromIssues([problem]));
      return;
    }
    setErrors({});
    change.mutate(values);
  };
  const field = (name: keyof Fields, label: string, autoComplete: string) => (
    <Field label={label} error={errors[name]}>
      <PasswordInput
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
    </Field>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : !change.isPending && close())}
      title={t("password.title")}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {field("currentPassword", t("password.current"), "current-password")}
        {field("newPassword", t("password.new"), "new-password")}
        {field("confirmPassword", t("password.confirm"), "new-password")}
        <p className="text-xs text-muted-foreground">{t("password.othersSignedOut")}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={close} disabled={change.isPending}>
            {t("common.cancel", { ns: "translation" })}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? t("password.saving") : t("password.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The spec's checks, in its order, before asking the server (which checks the same and the current password). */
function firstProblem(v: Fields): { path: keyof Fields; message: string } | null {
  const missing = (Object.keys(v) as (keyof Fields)[]).find((k) => !v[k]);
  if (missing) return { path: missing, message: "Please fill in all fields" };
  if (v.newPassword !== v.confirmPassword) return { path: "confirmPassword", message: "Passwords must match" };
  if (v.newPassword.length < PASSWORD_MIN) return { path: "newPassword", message: "Password must be at least 8 characters" };
  return null;
}
