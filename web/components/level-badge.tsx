import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";

/** A level's name: the one the owner gave it, else "Level N". */
export function useLevelName(levelNames: readonly (string | null)[] | undefined) {
  const { t } = useTranslation();
  return (level: number) => {
    const name = levelNames?.[level - 1];
    return name ? t("levels.named", { level, name }) : t("levels.name", { level });
  };
}

/**
 * The member's level as a small number on the corner of their avatar (Skool's badge); the level and
 * its name are its accessible name and tooltip. Wrap the avatar in a `relative` element.
 */
export function LevelBadge({ level, label, className }: { level: number; label: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        "absolute -right-1 -bottom-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground ring-2 ring-surface",
        className,
      )}
    >
      {level}
    </span>
  );
}
