import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { call } from "./api";
import { changeLanguage, currentLanguage, savedLanguage, type Language } from "./i18n";
import { askedLanguage } from "./language-detect";
import { isLanguage } from "../../common/contract/enums";
import { meKeys, useSession, type SessionUser } from "./session";
import { toast } from "./toast";

/**
 * What a language menu does: the page switches at once and this device remembers the choice; a
 * signed-in person's account keeps it too, so their e-mails follow. Signed out, it stays on the device.
 */
export function useChooseLanguage(): (language: Language) => void {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (language: Language) => call("PATCH /api/me/preferences", { body: { language } }),
    onSuccess: ({ language }) =>
      queryClient.setQueryData<SessionUser | null>(meKeys.session(), (me) =>
        me ? ({ ...me, language } satisfies SessionUser) : me,
      ),
    onError: () => toast({ variant: "destructive", title: t("preferences.notSaved") }),
  });
  const account = user?.language;
  return useCallback(
    (language: Language) => {
      void changeLanguage(language);
      if (account && account !== language) mutate(language);
    },
    [account, mutate],
  );
}

/**
 * On a device where nobody has chosen a language, a signed-in person reads the app in their account's
 * language (the one they signed up in or last chose elsewhere). A choice made on the device wins, and so
 * does a language the address asks for (common/page-language.ts): the page was written and hydrated in
 * it, and switching it here, while parts of the page were still being taken over, made React find text
 * in one language where it rendered the other.
 */
export function useAccountLanguage(): void {
  const { user } = useSession();
  const account = user?.language;
  useEffect(() => {
    if (!account || savedLanguage() !== null || isLanguage(askedLanguage()) || account === currentLanguage()) return;
    void changeLanguage(account, { persist: false });
  }, [account]);
}
