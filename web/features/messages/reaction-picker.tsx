import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { reactionEmojis, type ReactionEmoji } from "../../../common/contract/enums";
import { cn } from "../../lib/cn";

/** Text keys of the spec's reactions, in its order. */
const REACTION_NAMES: Record<ReactionEmoji, string> = {
  "👍": "thumbsUp",
  "❤️": "heart",
  "😂": "laughing",
  "😮": "surprised",
  "😢": "sad",
  "😠": "angry",
  "👏": "clapping",
  "🎉": "party",
  "🔥": "fire",
  "💯": "hundred",
};

type ReactionPickerProps = {
  mine: ReadonlySet<string>;
  onPick: (emoji: ReactionEmoji, active: boolean) => void;
  onClose: () => void;
  className?: string;
};

/** The spec's ten reactions as a toolbar: arrows move, Enter picks, Escape closes. */
export function ReactionPicker({ mine, onPick, onClose, className }: ReactionPickerProps) {
  const { t } = useTranslation("messages");
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button")?.focus();
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [onClose]);

  const move = (e: React.KeyboardEvent) => {
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to = (i: number) => buttons[(i + buttons.length) % buttons.length]?.focus();
    if (e.key === "ArrowRight" || e.key === "ArrowDown") to(at + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") to(at - 1);
    else if (e.key === "Home") to(0);
    else if (e.key === "End") to(buttons.length - 1);
    else if (e.key === "Escape") onClose();
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={t("reactions.pick")}
      onKeyDown={move}
      className={cn("z-30 flex flex-wrap gap-0.5 rounded-xl border border-border bg-surface p-1 shadow-lg", className)}
    >
      {reactionEmojis.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-pressed={mine.has(emoji)}
          aria-label={t(`reactions.names.${REACTION_NAMES[emoji]}`)}
          title={t(`reactions.names.${REACTION_NAMES[emoji]}`)}
          onClick={() => {
            onPick(emoji, !mine.has(emoji));
            onClose();
          }}
          className={cn("h-9 w-9 rounded-lg text-xl hover:bg-muted focus-visible:bg-muted", mine.has(emoji) && "bg-primary/10")}
        >
          <span aria-hidden="true">{emoji}</span>
        </button>
      ))}
    </div>
  );
}
