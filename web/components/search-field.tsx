import { Search } from "lucide-react";
import { forwardRef, useId, type InputHTMLAttributes } from "react";
import { SEARCH_TEXT_MAX } from "../../common/contract/limits";
import { cn } from "../lib/cn";

const looks = {
  /** In a page's or a dialog's toolbar, like the other inputs. */
  field: "h-10 bg-surface text-sm",
  /** The header's box, quieter until it has the focus. */
  header: "h-10 bg-muted/60 text-sm focus:bg-surface",
  /** The /search page's own box, the page's main control. */
  page: "h-11 bg-surface text-base",
};

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange" | "className"> & {
  /** The box's name for assistive technology, and its placeholder unless one is given. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  look?: keyof typeof looks;
  /** Classes of the wrapper (its width in a toolbar, a margin). */
  className?: string;
};

/** A search input with its magnifier and a label for screen readers; the browser draws its clear button. */
export const SearchField = forwardRef<HTMLInputElement, SearchFieldProps>(function SearchField(
  { label, value, onValueChange, look = "field", className, id, placeholder, maxLength = SEARCH_TEXT_MAX, ...props },
  ref,
) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className={cn("relative", className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        ref={ref}
        id={inputId}
        type="search"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        placeholder={placeholder ?? label}
        maxLength={maxLength}
        className={cn(
          "block w-full rounded-lg border border-input pr-3 pl-9 text-foreground placeholder:text-muted-foreground",
          looks[look],
        )}
        {...props}
      />
    </div>
  );
});
