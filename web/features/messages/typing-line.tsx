import { useTranslation } from "react-i18next";
import type { ConversationDetail } from "../../../common/contract/conversations";

/** "Ana is typing…", or how many are, read out politely. */
export function TypingLine({ ids, participants }: { ids: string[]; participants: ConversationDetail["participants"] }) {
  const { t } = useTranslation("messages");
  const names = ids.map((id) => participants.find((p) => p.id === id)?.fullName ?? t("chat.someone"));
  const text =
    names.length === 0
      ? ""
      : names.length === 1
        ? t("chat.typingOne", { name: names[0] })
        : names.length === 2
          ? t("chat.typingTwo", { first: names[0], second: names[1] })
          : t("chat.typingMany", { count: names.length });
  return (
    <p className="h-5 px-4 text-xs text-muted-foreground italic" aria-live="polite">
      {text}
    </p>
  );
}
