import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { inputClasses } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { deletionQueryOptions } from "../../lib/account";
import { cn } from "../../lib/cn";
import { call, isApiError } from "../../lib/api";
import { paymentKeys } from "../../lib/payments";
import { toast } from "../../lib/toast";
import { useFieldErrors } from "./field-errors";

/** Spec 002 "Privacy and security": the Delete Account dialog; the request is confirmed with the password. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("account");
  const client = useQueryClient();
  const [password, setPassword] = useState("");
  const [reason, setReason] = useState("");
  const { errors, setErrors, fromIssues } = useFieldErrors<"password" | "reason">();
  const close = () => {
    setPassword("");
    setReason("");
    setErrors({});
    onOpenChange(false);
  };
  const request = useMutation({
    mutationFn: () => call("POST /api/account/deletion", { body: { password, reason: reason.trim() || undefined } }),
    onSuccess: (status) => {
      client.setQueryData(deletionQueryOptions().queryKey, status);
      // Subscriptions were cancelled with the request.
      void client.invalidateQueries({ queryKey: paymentKeys.all() });
      toast({ variant: "success", title: t("delete.requested") });
      close();
    },
    onError: (err) => {
      if (isApiError(err, 422)) setErrors(fromIssues(err.issues));
      else toast({ variant: "destructive", title: t("delete.failed") });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setErrors(fromIssues([{ path: "password", message: "Password is required" }]));
      return;
    }
    request.mutate();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : !request.isPending && close())}
      title={t("delete.title")}
      description={t("delete.description")}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          <li>{t("delete.pointGrace")}</li>
          <li>{t("delete.pointSubscriptions")}</li>
          <li>{t("delete.pointContent")}</li>
        </ul>
        <Field label={t("delete.password")} error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Field label={t("delete.reason")} error={errors.reason}>
          <textarea
            name="reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={cn(inputClasses, "py-2")}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={close} disabled={request.isPending}>
            {t("common.cancel", { ns: "translation" })}
          </Button>
          <Button type="submit" variant="destructive" loading={request.isPending}>
            {t("delete.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
