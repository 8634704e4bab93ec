import { useNavigate } from "@tanstack/react-router";
import { ArrowRight, Info } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { RadioGroup } from "../../../components/ui/radio-group";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { COMMUNITY_CREATION_BONUS } from "../../../../common/catalog";
import { CommunityFormFields } from "./community-form-fields";
import { loadDraft, saveDraft, takeDraftIssues } from "./draft";
import { emptyCommunityForm } from "./form-model";
import { useCommunityForm } from "./use-community-form";

/**
 * Step 1 of creating a community: the details. Nothing is created here; the data goes on to the plan
 * screen, and comes back (with the server's field errors, if any) when the user returns.
 */
export function CreateCommunityPage() {
  const { t } = useTranslation("communities");
  useDocumentTitle(t("create.title"));
  // Read once: a draft from a reload or from Back on the plan screen, and errors the server sent there.
  const [initial] = useState(() => ({ values: loadDraft() ?? emptyCommunityForm(), issues: takeDraftIssues() }));
  const form = useCommunityForm("create", initial.values, initial.issues);
  const navigate = useNavigate();
  const { focusFirst, errors } = form;

  useEffect(() => {
    if (initial.issues.length) focusFirst(errors);
    // Only for the errors the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep the draft current, so a reload in the middle of typing loses nothing.
  const { current } = form;
  useEffect(() => {
    const handle = setTimeout(() => saveDraft(current()), 300);
    return () => clearTimeout(handle);
  }, [current]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.uploads.busy) return;
    const values = form.validate();
    if (!values) return;
    saveDraft(values);
    void navigate({ to: "/communities/subscription-selection" });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading>{t("create.title")}</PageHeading>
      <p className="mt-1 text-muted-foreground">{t("create.subtitle")}</p>
      <p className="mt-4 flex items-start gap-2 rounded-xl bg-muted p-3 text-sm text-foreground">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t("create.reviewNote", { points: COMMUNITY_CREATION_BONUS })}
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-6 space-y-6 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6"
      >
        <CommunityFormFields
          idPrefix="create"
          values={form.values}
          onChange={form.onChange}
          errors={form.errors}
          uploads={form.uploads}
        />
        <div className="space-y-2 rounded-xl border border-border p-4">
          <RadioGroup
            legend={t("joining.settings.title")}
            name="create-visibility"
            value={form.values.visibility}
            describedBy="create-visibility-hint"
            onChange={(visibility) => form.onChange({ visibility })}
            options={[
              { value: "public", label: t("joining.settings.public") },
              { value: "private", label: t("joining.settings.private") },
            ]}
          />
          <p id="create-visibility-hint" className="text-sm text-muted-foreground">
            {form.values.visibility === "private"
              ? `${t("joining.settings.privateHint")}. ${t("joining.settings.questionsLater")}`
              : t("joining.settings.publicHint")}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
          {form.uploads.busy && (
            <p className="text-sm text-muted-foreground" role="status">
              {t("create.waitingForUploads")}
            </p>
          )}
          <Button type="submit" size="lg" disabled={form.uploads.busy}>
            {t("create.continue")}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </form>
    </div>
  );
}
