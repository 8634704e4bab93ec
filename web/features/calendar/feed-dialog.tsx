import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { call } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";

const feedKey = ["calendar-feed"] as const;

/** The personal calendar feed: make a link (shown once), replace it, or turn it off. */
export default function FeedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("calendar");
  const errorMessage = useErrorMessage();
  const client = useQueryClient();
  const state = useQuery({ queryKey: feedKey, queryFn: ({ signal }) => call("GET /api/me/calendar-feed", { signal }) });
  const [url, setUrl] = useState<string | null>(null);
  const failed = (err: unknown) => toast({ title: t("feed.failed"), description: errorMessage(err), variant: "destructive" });
  const create = useMutation({
    mutationFn: () => call("POST /api/me/calendar-feed"),
    onSuccess: (r) => {
      setUrl(r.url);
      void client.invalidateQueries({ queryKey: feedKey });
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: () => call("DELETE /api/me/calendar-feed"),
    onSuccess: () => {
      setUrl(null);
      toast({ title: t("feed.revoked"), variant: "success" });
      void client.invalidateQueries({ queryKey: feedKey });
    },
    onError: failed,
  });
  const active = !!state.data?.active;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("feed.title")}
      description={t("feed.description")}
      className="max-w-lg"
    >
      <div className="space-y-4">
        {url ? (
          <div className="flex items-end gap-2">
            <Field label={t("feed.link")} className="min-w-0 flex-1">
              <Input readOnly value={url} onFocus={(e) => e.target.select()} />
            </Field>
            <Button
              variant="outline"
              size="icon"
              aria-label={t("feed.copy")}
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast({ title: t("feed.copied"), variant: "success" }))
                  .catch(() => undefined)
              }
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ) : (
          active && <p className="text-sm text-muted-foreground">{t("feed.active")}</p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {(active || url) && (
            <Button variant="outline" onClick={() => revoke.mutate()} loading={revoke.isPending}>
              {t("feed.revoke")}
            </Button>
          )}
          <Button onClick={() => create.mutate()} loading={create.isPending} disabled={state.isPending}>
            {active || url ? t("feed.replace") : t("feed.create")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
