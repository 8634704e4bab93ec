import { cn } from "../../lib/cn";

/** `disabled`: an option that cannot be chosen now (the group's `describedBy` says why). */
type Option<T extends string> = { value: T; label: string; disabled?: boolean };

/** Native radios in a fieldset: arrow keys, the group's name and the checked state come for free. */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  disabled,
  describedBy,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: Option<T>[];
  disabled?: boolean;
  /** The id of a note about the group, such as why an option is disabled. */
  describedBy?: string;
}) {
  return (
    <fieldset disabled={disabled} aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium text-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              "inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              value === o.value ? "border-primary bg-primary/10 text-foreground" : "border-input text-foreground hover:bg-muted",
              o.disabled && "cursor-not-allowed opacity-60 hover:bg-transparent",
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
              className="h-4 w-4 accent-primary"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
