import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, NETWORK_ERROR } from "./api";

/** The server's own message where there is one (spec 000 section 8), else a translated fallback. */
export function useErrorMessage() {
  const { t } = useTranslation();
  return useCallback(
    (err: unknown): string => {
      if (err instanceof ApiError) {
        if (err.code === NETWORK_ERROR) return t("errors.network");
        if (err.status === 429) return err.message || t("errors.rateLimited");
        return err.message || t("errors.unexpected");
      }
      return t("errors.unexpected");
    },
    [t],
  );
}
