import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ticketCategories, ticketPriorities, type TicketCategory, type TicketPriority } from "../../../common/contract/enums";
import { TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX } from "../../../common/contract/limits";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { ApiError, call } from "../../lib/api";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useInitialFocus } from "../../lib/use-initial-focus";
import { supportKeys } from "./queries";

type Form = { subject: string; message: string; priority: TicketPriority; category: TicketCategory };
type Errors = Partial<Record<"name" | "email" | "subject" | "message" | "priority" | "category", string>>;
const emptyForm: Form = { subject: "", message: "", priority: "medium", category: "general" };

/** The contact form (spec 001): subject, message, priority and category; name and e-mail come from the profile. */
export function TicketDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("support");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("dialog.title")} description={t("dialog.description")}>
      {open && <TicketForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function TicketForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("support");
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Errors>({});
  const subjectRef = useInitialFocus<HTMLInputElement>(true);
  const name = user?.fullName?.trim() ?? "";
  const email = user?.email?.trim() ?? "";

  const create = useMutation({
    mutationFn: (body: Form) => call("POST /api/support/tickets", { body }),
    onSuccess: async () => {
      toast({ variant: "success", title: t("dialog.success") });
      onDone();
      await queryClient.invalidateQueries({ queryKey: supportKeys.tickets() });
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? Object.fromEntries(err.issues.map((i) => [i.path, i.message])) : {};
      if (Object.keys(fields).length > 0) return setErrors(fields as Errors);
      toast({
        variant: "destructive",
        title: t("dialog.failed"),
        description: err instanceof ApiError ? err.message : undefined,
      });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!name) found.name = t("dialog.nameMissing");
    if (!email) found.email = t("dialog.emailMissing");
    if (!form.subject.trim()) found.subject = t("dialog.subjectRequired");
    if (!form.message.trim()) found.message = t("dialog.messageRequired");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({ ...form, subject: form.subject.trim(), message: form.message.trim() });
  };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("dialog.name")} error={errors.name}>
          <Input value={name} readOnly />
        </Field>
        <Field label={t("dialog.email")} error={errors.email}>
          <Input type="email" value={email} readOnly />
        </Field>
      </div>
      <Field label={t("dialog.subject")} error={errors.subject}>
        <Input
          ref={subjectRef}
          maxLength={TICKET_SUBJECT_MAX}
          value={form.subject}
          onChange={(e) => set("subject", e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("dialog.category")} error={errors.category}>
          <Select value={form.category} onChange={(e) => set("category", e.target.value as TicketCategory)}>
            {ticketCategories.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("dialog.priority")} error={errors.priority}>
          <Select value={form.priority} onChange={(e) => set("priority", e.target.value as TicketPriority)}>
            {ticketPriorities.map((p) => (
              <option key={p} value={p}>
                {t(`priorities.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label={t("dialog.message")} error={errors.message}>
        <Textarea rows={5} maxLength={TICKET_MESSAGE_MAX} value={form.message} onChange={(e) => set("message", e.target.value)} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? t("dialog.submitting") : t("dialog.submit")}
        </Button>
      </div>
    </form>
  );
}
