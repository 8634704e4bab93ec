import { CheckCircle2, CircleAlert, Info, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { buttonClasses } from "./button";
import { dismissToast, pauseToasts, resumeToasts, useToasts, type ToastVariant } from "../../lib/toast";

const styles: Record<ToastVariant, string> = {
  default: "border-border bg-surface text-foreground",
  success: "border-border bg-surface text-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

const icons = { default: Info, success: CheckCircle2, destructive: CircleAlert };

/**
 * The list stays mounted as a polite live region so new toasts are announced; error toasts carry
 * role="alert" so they interrupt.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <section
      aria-label={t("toast.region")}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end"
    >
      <ol
        aria-live="polite"
        aria-relevant="additions text"
        className="flex w-full max-w-sm flex-col gap-2"
        onMouseEnter={pauseToasts}
        onMouseLeave={resumeToasts}
        onFocus={pauseToasts}
        onBlur={resumeToasts}
      >
        {toasts.map((item) => {
          const Icon = icons[item.variant];
          return (
            // The role sits on the text, not the <li>: a list item given another role leaves the list with
            // a child that is not an item (axe "list").
            <li
              key={item.id}
              className={cn("pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg", styles[item.variant])}
            >
              <Icon aria-hidden="true" className={cn("mt-0.5 h-5 w-5 shrink-0", item.variant === "success" && "text-success")} />
              <div role={item.variant === "destructive" ? "alert" : "status"} className="min-w-0 flex-1">
                <p className="text-sm font-semibold">{item.title}</p>
                {item.description && <p className="mt-0.5 text-sm break-words opacity-90">{item.description}</p>}
              </div>
              {item.action && (
                <button
                  type="button"
                  onClick={() => {
                    dismissToast(item.id);
                    item.action?.onClick();
                  }}
                  className={buttonClasses({ size: "sm" })}
                >
                  {item.action.label}
                </button>
              )}
              <button
                type="button"
                onClick={() => dismissToast(item.id)}
                aria-label={t("common.dismiss")}
                className="-m-1 rounded-md p-1 opacity-80 hover:opacity-100"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
