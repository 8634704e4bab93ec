import { cn } from "../lib/cn";

/** '12/2000' under a field; referenced by the field's aria-describedby so it is read on focus, not per key. */
export function CharCounter({ id, length, max, className }: { id: string; length: number; max: number; className?: string }) {
  return (
    <span
      id={id}
      className={cn(
        "text-xs tabular-nums",
        length >= max ? "font-medium text-destructive-text" : "text-muted-foreground",
        className,
      )}
    >
      {length}/{max}
    </span>
  );
}
