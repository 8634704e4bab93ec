import { AlertCircle } from "lucide-react";
import { Button } from "./ui/button";

/** A load failure in the place of what did not load, with the way to try again ('Retry', 'Try Again'). */
export function LoadError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-6 flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-8 text-center">
      <AlertCircle className="h-8 w-8 text-destructive-text" aria-hidden="true" />
      <p className="text-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
