import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../../components/load-error";
import { Dialog } from "../../../../components/ui/dialog";
import { Field } from "../../../../components/ui/field";
import { Select } from "../../../../components/ui/select";
import { Spinner } from "../../../../components/ui/spinner";
import { call } from "../../../../lib/api";
import { isLanguage, LANGUAGES, type Language } from "../../../../lib/i18n";

/**
 * The mail as the server will write it (the frame in the reader's language around the sender's words),
 * shown in a sandboxed frame: no script runs in it and its links go nowhere.
 */
export function PreviewDialog({
  communityId,
  subject,
  body,
  onClose,
}: {
  communityId: string;
  subject: string;
  body: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("communities");
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : "en");
  const preview = useQuery({
    queryKey: ["broadcast-preview", communityId, subject, body, language],
    queryFn: ({ signal }) =>
      call("POST /api/communities/:id/broadcasts/preview", {
        params: { id: communityId },
        body: { subject, body, language },
        signal,
      }),
    staleTime: Infinity,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t("broadcasts.previewTitle")} className="sm:max-w-2xl">
      <div className="space-y-4">
        <Field label={t("broadcasts.previewLanguage")} hint={t("broadcasts.previewLanguageHint")}>
          <Select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
            {LANGUAGES.map(({ code, label }) => (
              <option key={code} value={code} lang={code}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        {preview.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : preview.isError ? (
          <LoadError
            message={t("broadcasts.previewFailed")}
            retryLabel={t("common.tryAgain", { ns: "translation" })}
            onRetry={() => void preview.refetch()}
          />
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-foreground">
              <span className="font-medium">{t("broadcasts.subject")}:</span> {preview.data.subject}
            </p>
            {/* A mail is drawn on white, as mail programs do, in both themes. */}
            <iframe
              title={t("broadcasts.previewFrame")}
              sandbox=""
              srcDoc={preview.data.html}
              className="h-96 w-full rounded-lg border border-border bg-white"
            />
          </div>
        )}
      </div>
    </Dialog>
  );
}
