import { Bell, Clock, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useInitialFocus } from "../../../lib/use-initial-focus";

type UnderReviewDialogProps = { open: boolean; name: string; points: number; onUnderstood: () => void };

/** Shown once a community is created: it waits for review, and the creator already earned the bonus. */
export function UnderReviewDialog({ open, name, points, onUnderstood }: UnderReviewDialogProps) {
  const { t } = useTranslation("communities");
  const understoodRef = useInitialFocus<HTMLButtonElement>(open);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onUnderstood()}
      title={t("underReview.title")}
      description={t("underReview.submitted", { name })}
    >
      <ul className="space-y-3 text-sm text-foreground">
        <li className="flex items-start gap-3">
          <Clock className="mt-0.5 h-5 w-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          {t("underReview.time")}
        </li>
        <li className="flex items-start gap-3">
          <Bell className="mt-0.5 h-5 w-5 shrink-0 text-primary dark:text-link" aria-hidden="true" />
          {t("underReview.notification")}
        </li>
        <li className="flex items-start gap-3">
          <Sparkles className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
          {t("underReview.points", { count: points })}
        </li>
      </ul>
      <div className="mt-6 flex justify-end">
        <Button ref={understoodRef} onClick={onUnderstood}>
          {t("underReview.understood")}
        </Button>
      </div>
    </Dialog>
  );
}
