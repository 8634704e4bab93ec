import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useInitialFocus } from "../../lib/use-initial-focus";
import { Button } from "./button";
import { Dialog } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The dismiss button's text when 'Cancel' would read as the action itself ('Cancel Subscription'). */
  cancelLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  /** Replaces confirmLabel while pending, when given. */
  pendingLabel?: string;
  onConfirm: () => void;
  children?: ReactNode;
};

/**
 * Asks before an action that is hard to undo (instead of window.confirm); Cancel takes the focus first, so
 * Enter never confirms by accident. The dialog cannot be closed while the action is pending.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive,
  pending,
  pendingLabel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useInitialFocus<HTMLButtonElement>(open);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title} description={description}>
      {children}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          {cancelLabel ?? t("common.cancel")}
        </Button>
        <Button variant={destructive ? "destructive" : "primary"} onClick={onConfirm} loading={pending}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
