import { AlertCircle } from "lucide-react";
import { cn } from "../lib/cn";
import { Button } from "./ui/button";

type LoadErrorProps = {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /**
   * card: a framed block in the place of a page's content; plain: the same inside a panel, list or
   * dialog that has its own frame; compact: small text and button, for a section or a dialog's list;
   * inline: one line whose retry is a text button, in the text size of its place (under a post or a comment).
   */
  variant?: "card" | "plain" | "compact" | "inline";
  /** False where it is not announced: a toast already says it (the feed), or it is a line inside a comment thread. */
  announce?: boolean;
  className?: string;
};

/** A load failure in the place of what did not load, with the way to try again ('Retry', 'Try Again'). */
export function LoadError({ message, retryLabel, onRetry, variant = "card", announce = true, className }: LoadErrorProps) {
  const role = announce ? "alert" : undefined;
  if (variant === "inline") {
    return (
      <p role={role} className={cn("text-destructive-text", className)}>
        {message}{" "}
        <button type="button" className="font-medium underline" onClick={onRetry}>
          {retryLabel}
        </button>
      </p>
    );
  }
  if (variant === "compact") {
    return (
      <div role={role} className={cn("flex flex-col items-center gap-2 py-4 text-center", className)}>
        <p className="text-sm text-foreground">{message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    );
  }
  return (
    <div
      role={role}
      className={cn(
        "flex flex-col items-center gap-3 text-center",
        variant === "card" ? "rounded-2xl border border-border bg-surface p-8" : "p-6",
        className,
      )}
    >
      <AlertCircle className="h-8 w-8 text-destructive-text" aria-hidden="true" />
      <p className="text-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
