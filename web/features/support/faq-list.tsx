import { ChevronDown } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { supportContactQueryOptions } from "./queries";

/** The spec's eight questions, in its order. */
const QUESTIONS = [
  "createCommunity",
  "joinCommunity",
  "changeTheme",
  "changeLanguage",
  "resetPassword",
  "deleteAccount",
  "guidelines",
  "privacy",
] as const;

/** Expandable answers: <details> opens with Enter or Space and says its state to screen readers without help. */
export function FaqList() {
  const { t } = useTranslation("support");
  // The privacy answer names the support address where there is one, else points to a ticket.
  const email = useQuery(supportContactQueryOptions()).data?.email ?? null;
  const answer = (key: (typeof QUESTIONS)[number]) =>
    key === "privacy" && !email ? t("faq.items.privacy.answerWithoutEmail") : t(`faq.items.${key}.answer`, { email });
  return (
    <section aria-labelledby="faq-title" className="space-y-3">
      <h2 id="faq-title" className="text-lg font-semibold text-foreground">
        {t("faq.title")}
      </h2>
      <div className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        {QUESTIONS.map((key) => (
          <details key={key} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 p-4 font-medium text-foreground hover:bg-muted [&::-webkit-details-marker]:hidden">
              {t(`faq.items.${key}.question`)}
              <ChevronDown
                className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed text-foreground/90">{answer(key)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
