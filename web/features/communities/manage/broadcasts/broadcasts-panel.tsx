import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye, Send } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { BroadcastSegment } from "../../../../../common/contract/broadcasts";
import { BROADCAST_BODY_MAX, BROADCAST_INTERVAL_MS, BROADCAST_SUBJECT_MAX } from "../../../../../common/contract/limits";
import { MAX_LEVEL } from "../../../../../common/levels";
import { CharCounter } from "../../../../components/char-counter";
import { LoadError } from "../../../../components/load-error";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Button } from "../../../../components/ui/button";
import { Field } from "../../../../components/ui/field";
import { Input, Textarea } from "../../../../components/ui/input";
import { Select } from "../../../../components/ui/select";
import { ApiError, call } from "../../../../lib/api";
import { useErrorMessage } from "../../../../lib/errors";
import { explainedByFields, placeIssues } from "../../../../lib/field-issues";
import { useFormatter } from "../../../../lib/format/formatter";
import { toast } from "../../../../lib/toast";
import { BroadcastHistory } from "./broadcast-history";
import { PreviewDialog } from "./preview-dialog";
import { audienceQueryOptions, broadcastsKey, broadcastsQueryOptions } from "./queries";

// The contract's segments, typed against it (the contract's values stay out of the browser bundle).
const segments = ["all", "paid", "free", "level", "inactive"] as const satisfies readonly BroadcastSegment[];

type Draft = { subject: string; body: string; segment: BroadcastSegment; level: number };
const emptyDraft: Draft = { subject: "", body: "", segment: "all", level: 2 };
const BROADCAST_FIELDS = ["subject", "body", "segment", "level"] as const;
type FieldErrors = Partial<Record<(typeof BROADCAST_FIELDS)[number], string>>;

/**
 * The Broadcasts tab (owner and admins): write an e-mail to every member or a segment, see how many it
 * reaches and when the next may go (one a community in 72 hours), preview the mail, send it, and follow
 * each broadcast's progress and counts.
 */
export default function BroadcastsPanel({ communityId, readOnly }: { communityId: string; readOnly: boolean }) {
  const { t } = useTranslation("communities");
  const list = useQuery(broadcastsQueryOptions(communityId));
  if (list.isPending) return <div className="h-64 animate-pulse rounded-2xl bg-muted" aria-hidden="true" />;
  if (list.isError)
    return (
      <LoadError
        message={t("broadcasts.loadFailed")}
        retryLabel={t("common.tryAgain", { ns: "translation" })}
        onRetry={() => void list.refetch()}
      />
    );
  return (
    <div className="space-y-8">
      {!readOnly && <Compose communityId={communityId} nextAllowedAt={list.data.nextAllowedAt} />}
      <BroadcastHistory items={list.data.items} />
    </div>
  );
}

/** The time, moved on each minute: the limit's wording and the Send button follow it while the tab stays open. */
function useMinuteClock() {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Compose({ communityId, nextAllowedAt }: { communityId: string; nextAllowedAt: number | null }) {
  const { t } = useTranslation("communities");
  const f = useFormatter();
  const errorMessage = useErrorMessage();
  const client = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const audience = useQuery(audienceQueryOptions(communityId, draft.segment, draft.level));
  const now = useMinuteClock();
  const waiting = nextAllowedAt !== null && nextAllowedAt > now;
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(next).map((k) => [k, undefined])) }));
    setRefusal(null);
  };

  const send = useMutation({
    mutationFn: () =>
      call("POST /api/communities/:id/broadcasts", {
        params: { id: communityId },
        body: {
          subject: draft.subject,
          body: draft.body,
          segment: draft.segment,
          ...(draft.segment === "level" ? { level: draft.level } : {}),
        },
      }),
    onSuccess: () => {
      setConfirming(false);
      setDraft(emptyDraft);
      void client.invalidateQueries({ queryKey: broadcastsKey(communityId) });
      toast({ variant: "success", title: t("broadcasts.queued") });
    },
    onError: (error) => {
      setConfirming(false);
      // Field problems beside their fields; what has no field (the 72-hour limit, a lost connection) in place above the buttons.
      const { placed, rest } = placeIssues(error, BROADCAST_FIELDS);
      setErrors(placed);
      if (!explainedByFields(placed, rest)) setRefusal(rest[0] ?? errorMessage(error));
      if (error instanceof ApiError && error.status === 429)
        void client.invalidateQueries({ queryKey: broadcastsKey(communityId) });
    },
  });

  // What the browser can check is checked before asking; the server checks again.
  const validate = () => {
    const found: FieldErrors = {};
    if (!draft.subject.trim()) found.subject = t("broadcasts.subjectRequired");
    if (!draft.body.trim()) found.body = t("broadcasts.bodyRequired");
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) setConfirming(true);
  };
  const reach = audience.data?.count;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-foreground">
          {t("broadcasts.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("broadcasts.intro")}</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-border bg-surface p-4 sm:p-5">
        <Field label={t("broadcasts.subject")} error={errors.subject}>
          <Input
            value={draft.subject}
            maxLength={BROADCAST_SUBJECT_MAX}
            aria-describedby={`${id}-subject-count`}
            onChange={(e) => change({ subject: e.target.value })}
          />
        </Field>
        <CharCounter
          id={`${id}-subject-count`}
          length={draft.subject.length}
          max={BROADCAST_SUBJECT_MAX}
          className="-mt-3 block text-right"
        />
        <Field label={t("broadcasts.body")} error={errors.body} hint={t("broadcasts.bodyHint")}>
          <Textarea
            value={draft.body}
            rows={8}
            maxLength={BROADCAST_BODY_MAX}
            aria-describedby={`${id}-body-count`}
            onChange={(e) => change({ body: e.target.value })}
          />
        </Field>
        <CharCounter
          id={`${id}-body-count`}
          length={draft.body.length}
          max={BROADCAST_BODY_MAX}
          className="-mt-3 block text-right"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("broadcasts.audience")} error={errors.segment}>
            <Select value={draft.segment} onChange={(e) => change({ segment: e.target.value as BroadcastSegment })}>
              {segments.map((segment) => (
                <option key={segment} value={segment}>
                  {t(`broadcasts.segments.${segment}`)}
                </option>
              ))}
            </Select>
          </Field>
          {draft.segment === "level" && (
            <Field label={t("broadcasts.level")} error={errors.level}>
              <Select value={draft.level} onChange={(e) => change({ level: Number(e.target.value) })}>
                {Array.from({ length: MAX_LEVEL }, (_, i) => i + 1).map((level) => (
                  <option key={level} value={level}>
                    {t("broadcasts.levelAndAbove", { level })}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </div>
        <div className="space-y-1 text-sm" aria-live="polite">
          <p className="font-medium text-foreground">
            {reach === undefined ? t("broadcasts.counting") : t("broadcasts.reach", { count: reach, formatted: f.number(reach) })}
          </p>
          <p className={waiting ? "font-medium text-foreground" : "text-muted-foreground"}>
            {waiting
              ? t("broadcasts.nextAt", { time: f.dateTime(nextAllowedAt) })
              : t("broadcasts.limit", { time: f.dateTime(now + BROADCAST_INTERVAL_MS) })}
          </p>
        </div>
        {refusal && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive-text">
            {refusal}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => validate() && setPreviewing(true)}>
            <Eye className="h-4 w-4" aria-hidden="true" />
            {t("broadcasts.preview")}
          </Button>
          <Button type="submit" disabled={waiting || reach === 0}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {t("broadcasts.send")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("broadcasts.confirmTitle", { count: reach ?? 0, formatted: f.number(reach ?? 0) })}
        description={t("broadcasts.confirmText")}
        confirmLabel={t("broadcasts.send")}
        pending={send.isPending}
        pendingLabel={t("broadcasts.sending")}
        onConfirm={() => send.mutate()}
      />
      {previewing && (
        <PreviewDialog communityId={communityId} subject={draft.subject} body={draft.body} onClose={() => setPreviewing(false)} />
      )}
    </section>
  );
}
