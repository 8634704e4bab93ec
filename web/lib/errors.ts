import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, NETWORK_ERROR } from "./api";

/**
 * The server's own message where there is one (spec 000 section 8; the API answers it in the language
 * the app asks for), else a translated fallback: never a status line such as "Bad Gateway".
 */
export function useErrorMessage() {
  const { t } = useTranslation();
  return useCallback(
    (err: unknown): string => {
      if (err instanceof ApiError) {
        if (err.code === NETWORK_ERROR) return t("errors.network");
        if (err.fromServer && err.message) return err.message;
        return t(err.status === 429 ? "errors.rateLimited" : "errors.unexpected");
      }
      return t("errors.unexpected");
    },
    [t],
  );
}
