import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Hide the visible title when the content already says it (it still names the dialog). */
  hideTitle?: boolean;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * Built on the native <dialog> element: showModal() gives the focus trap, the inert background and
 * Escape for free. Focus goes back to whatever opened the dialog.
 */
export function Dialog({ open, onOpenChange, title, hideTitle, description, children, className }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
    if (!open && opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description && !hideTitle ? descriptionId : undefined}
      onKeyDown={(e) => {
        // Handled here too: an <input type="search"> swallows Escape to clear itself instead of closing.
        if (e.key === "Escape") {
          e.preventDefault();
          onOpenChange(false);
        }
      }}
      onCancel={(e) => {
        e.preventDefault();
        onOpenChange(false);
      }}
      onClose={() => {
        // The browser may close the dialog by itself (a second Escape); keep the state in step.
        if (open) onOpenChange(false);
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself, never on its content.
        if (e.target === ref.current) onOpenChange(false);
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-border bg-surface p-0 text-foreground shadow-xl backdrop:bg-black/50",
        className,
      )}
    >
      {open && (
        <div className="relative p-5">
          {hideTitle ? (
            <h2 id={titleId} className="sr-only">
              {title}
            </h2>
          ) : (
            <div className="mb-4 pr-8">
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                  {description}
                </p>
              )}
            </div>
          )}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            aria-label={t("common.close")}
            className="absolute top-4 right-4 rounded-lg p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
          <div className={hideTitle ? "pr-9" : undefined}>{children}</div>
        </div>
      )}
    </dialog>
  );
}
