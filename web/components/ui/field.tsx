import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "../../lib/cn";

type FieldProps = {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  /** A single input-like element; Field wires its id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
};

export function Field({ label, error, hint, className, children }: FieldProps) {
  const autoId = useId();
  const childProps = isValidElement(children) ? children.props : {};
  const id = (childProps.id as string | undefined) ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [childProps["aria-describedby"] as string | undefined, hintId, errorId].filter(Boolean).join(" ");

  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
