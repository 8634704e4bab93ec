import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { ApiError, call } from "../../../lib/api";
import { useErrorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { communityQueryOptions, refreshCommunity } from "../queries";
import { CommunityFormFields } from "../create/community-form-fields";
import { formFromCommunity, toCommunityBody } from "../create/form-model";
import { useCommunityForm } from "../create/use-community-form";
import type { CommunityView } from "../../../../common/contract/communities";
import { includesFeature } from "../../../../common/catalog";
import { PendingEditNotice } from "./pending-edit-notice";

/** Edit the community's details: the create form's fields, saved with PATCH; read-only when archived. */
export function DetailsPanel({ view }: { view: CommunityView }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const { community, viewer } = view;
  // The form shows what its people last saved, waiting for review or not (the notice says which).
  const { submittedAt: _, ...waiting } = community.pendingEdit ?? { submittedAt: 0 };
  const form = useCommunityForm("edit", formFromCommunity({ ...community, ...waiting }));
  const readOnly = !viewer.canEdit;

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toCommunityBody>) =>
      call("PATCH /api/communities/:id", { params: { id: community.id }, body }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(communityQueryOptions(community.id).queryKey, updated);
      toast({ variant: "success", title: t(updated.community.pendingEdit ? "manage.pendingEdit.saved" : "manage.saved") });
      await refreshCommunity(queryClient, community.id);
    },
    onError: (err) => {
      const other = err instanceof ApiError && err.issues.length ? form.showIssues(err.issues) : [];
      // A field's problem is said beside it, once; a toast for what no field shows.
      if (other.length > 0 || !(err instanceof ApiError && err.issues.length > 0))
        toast({ variant: "destructive", title: t("manage.saveFailed"), description: other[0] ?? errorMessage(err) });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (readOnly || form.uploads.busy) return;
    const values = form.validate();
    if (values) save.mutate(toCommunityBody(values));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {community.pendingEdit && <PendingEditNotice pending={community.pendingEdit} />}
      <CommunityFormFields
        idPrefix="edit"
        values={form.values}
        onChange={form.onChange}
        errors={form.errors}
        uploads={form.uploads}
        disabled={readOnly}
        paidLocked={!includesFeature(community.features, "paidMemberships")}
        storedPaid={community.isPaid}
      />
      {!readOnly && (
        <div className="flex items-center justify-end gap-3 border-t border-border pt-5">
          {form.uploads.busy && (
            <p role="status" className="text-sm text-muted-foreground">
              {t("create.waitingForUploads")}
            </p>
          )}
          <Button type="submit" loading={save.isPending} disabled={form.uploads.busy}>
            <Save className="h-4 w-4" aria-hidden="true" />
            {save.isPending ? t("manage.saving") : t("manage.save")}
          </Button>
        </div>
      )}
    </form>
  );
}
