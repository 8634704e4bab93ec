import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import type { Reaction } from "../../../common/contract/conversations";

type ReactionChipsProps = {
  reactions: Reaction[];
  me: string;
  onToggle: (emoji: string, active: boolean) => void;
  disabled?: boolean;
};

/** Who reacted, as the tooltip and the screen reader say it: names first, then how many more. */
export function useReactionNames() {
  const { t } = useTranslation("messages");
  return (reaction: Reaction) => {
    const names = reaction.users.map((u) => u.fullName).join(", ");
    const more = reaction.count - reaction.users.length;
    return more > 0 ? t("reactions.namesAndMore", { names, count: more }) : names;
  };
}

export function ReactionChips({ reactions, me, onToggle, disabled }: ReactionChipsProps) {
  const { t } = useTranslation("messages");
  const namesOf = useReactionNames();
  if (reactions.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("reactions.label")}>
      {reactions.map((r) => {
        const mine = r.users.some((u) => u.id === me);
        const names = namesOf(r);
        return (
          <li key={r.emoji}>
            <button
              type="button"
              disabled={disabled}
              aria-pressed={mine}
              title={names}
              aria-label={t("reactions.chip", { emoji: r.emoji, count: r.count, names })}
              onClick={() => onToggle(r.emoji, !mine)}
              className={cn(
                "inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm tabular-nums",
                mine
                  ? "border-primary bg-primary/10 text-foreground"
                  : "border-border bg-surface text-muted-foreground hover:bg-muted",
              )}
            >
              <span aria-hidden="true">{r.emoji}</span>
              <span aria-hidden="true">{r.count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
