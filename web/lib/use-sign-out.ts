import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { call } from "./api";
import { clearCurrentCommunityId } from "./current-community";
import { useErrorMessage } from "./errors";
import { meKeys } from "./session";
import { toast } from "./toast";

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();

  return useMutation({
    mutationFn: () => call("POST /api/auth/sign-out"),
    onSuccess: async () => {
      // Nothing of the previous user may leak into the next session on this browser.
      clearCurrentCommunityId();
      queryClient.removeQueries();
      queryClient.setQueryData(meKeys.session(), null);
      // After the cache is emptied: while this loads, nothing on screen may write the old user's state back.
      await import("./offline/offline-data").then(({ forgetOfflineData }) => forgetOfflineData());
      toast({ variant: "success", title: t("auth.signOut.successTitle"), description: t("auth.signOut.successDescription") });
      await navigate({ to: "/auth/login" });
    },
    onError: (err) => {
      toast({ variant: "destructive", title: t("auth.signOut.failedTitle"), description: errorMessage(err) });
    },
  });
}
