import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LEVEL_NAME_MAX } from "../../../common/contract/limits";
import { levelThresholds } from "../../../common/levels";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ApiError, call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { leaderboardKeys } from "./queries";

type Props = { communityId: string; names: readonly (string | null)[]; open: boolean; onOpenChange: (open: boolean) => void };

/** The owner and admins name levels 1 to 9; an empty field gives a level back its default name. */
export function LevelNamesDialog({ communityId, names, open, onOpenChange }: Props) {
  const { t } = useTranslation("leaderboard");
  const errorMessage = useErrorMessage();
  const qc = useQueryClient();
  const [values, setValues] = useState(() => names.map((n) => n ?? ""));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const save = useMutation({
    mutationFn: () => call("PUT /api/communities/:id/levels", { params: { id: communityId }, body: { names: values } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: leaderboardKeys.community(communityId) });
      toast({ variant: "success", title: t("levelNames.saved") });
      onOpenChange(false);
    },
    onError: (err) => {
      const fields: Record<number, string> = {};
      if (err instanceof ApiError) {
        for (const issue of err.issues) {
          const at = /^names\.(\d)$/.exec(issue.path);
          if (at) fields[Number(at[1])] ??= issue.message;
        }
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        toast({ variant: "destructive", title: t("levelNames.failed"), description: errorMessage(err) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("levelNames.title")} description={t("levelNames.description")}>
      <form onSubmit={submit} className="space-y-3">
        {values.map((value, i) => (
          <Field key={i} label={t("levelNames.label", { level: i + 1, points: levelThresholds[i] })} error={errors[i] ?? null}>
            <Input
              value={value}
              maxLength={LEVEL_NAME_MAX}
              onChange={(e) => setValues((all) => all.map((v, j) => (j === i ? e.target.value : v)))}
            />
          </Field>
        ))}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("levelNames.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("levelNames.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
