import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";

type SpinnerProps = { size?: "sm" | "md" | "lg"; className?: string; label?: string; decorative?: boolean };

const sizes = { sm: "h-4 w-4 border-2", md: "h-6 w-6 border-2", lg: "h-10 w-10 border-[3px]" };

export function Spinner({ size = "md", className, label, decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  const circle = (
    <span
      aria-hidden="true"
      className={cn("inline-block animate-spin rounded-full border-current border-t-transparent", sizes[size], className)}
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label ?? t("common.loading")}</span>
    </span>
  );
}

/** The centred spinner protected pages show while the session loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-primary dark:text-link">
      <Spinner size="lg" />
    </div>
  );
}
