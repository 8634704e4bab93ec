import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation } from "@tanstack/react-router";
import { Ban, CheckCircle2, Clock, Lock, XCircle } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityDetail, CommunityViewer } from "../../../../common/contract/communities";
import { MEMBERSHIP_ANSWER_MAX } from "../../../../common/contract/limits";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { ApiError, call } from "../../../lib/api";
import { communityKeys } from "../../../lib/community-keys";
import { useErrorMessage } from "../../../lib/errors";
import { useSession } from "../../../lib/session";
import { useInitialFocus } from "../../../lib/use-initial-focus";
import { useJoiningTexts } from "./texts";

export type RequestToJoinProps = {
  community: Pick<CommunityDetail, "id" | "name" | "membershipQuestions">;
  viewer: Pick<CommunityViewer, "isMember" | "isBanned" | "canRequest" | "request">;
  /** Shown under "Your request was approved": the way in that is left (the payment button of a paid community). */
  children?: ReactNode;
};

/**
 * The join card's action for a private community: ask to join (answering its questions), then the
 * request's state (waiting, approved, declined with the reason), or why there is no way in.
 */
export function RequestToJoin(props: RequestToJoinProps) {
  return (
    <Suspense fallback={<Waiting />}>
      <RequestToJoinAction {...props} />
    </Suspense>
  );
}

const note = "flex items-start gap-2 rounded-lg bg-muted p-3 text-sm text-foreground";

/** Until the texts or the session are there: a busy button in the action's place, named in the app's own texts. */
function Waiting() {
  const { t } = useTranslation();
  return <Button size="lg" className="w-full" loading disabled aria-label={t("common.loading")} />;
}

function RequestToJoinAction({ community, viewer, children }: RequestToJoinProps) {
  useJoiningTexts();
  const { t } = useTranslation("communities");
  const { user, isLoading: sessionLoading } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  // Sent from this card: waiting until the community is read again, then its request says what is true.
  const [sent, setSent] = useState<{ over: CommunityViewer["request"] } | null>(null);
  // When the control that had focus goes (the dialog's opener, after sending or when the answer
  // changed what the card shows), focus comes to the card, which reads its new state.
  const rootRef = useRef<HTMLDivElement>(null);
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    const root = rootRef.current;
    if (refocus && root && !root.contains(document.activeElement)) root.focus();
  }, [refocus]);

  const reread = () => void queryClient.invalidateQueries({ queryKey: communityKeys.detail(community.id) });

  if (viewer.isMember) return null;

  const askButton = (label: string) => (
    <Button size="lg" className="w-full" aria-haspopup="dialog" onClick={() => setAsking(true)}>
      {label}
    </Button>
  );

  let body: ReactNode;
  if (viewer.isBanned) {
    body = (
      <p className={note}>
        <Ban className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t("joining.request.banned")}
      </p>
    );
  } else if (sessionLoading) {
    // Until the session is known, a visitor and a member look alike: do not offer the wrong action.
    body = <Waiting />;
  } else if (!user) {
    body = (
      <Link to="/auth/login" search={{ redirect: location.href }} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {t("joining.request.signIn")}
      </Link>
    );
  } else if ((sent !== null && sent.over === viewer.request) || viewer.request?.status === "pending") {
    body = (
      <p className={note}>
        <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t("joining.request.sent")}
      </p>
    );
  } else if (viewer.request?.status === "approved") {
    body = (
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t("joining.request.approved")}
        </p>
        {children}
      </div>
    );
  } else if (viewer.request?.status === "declined") {
    const reason = viewer.request.reason;
    body = (
      <div className="space-y-3">
        <div className={note}>
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0 space-y-1">
            <p className="font-medium">{t("joining.request.declined")}</p>
            {reason && <p className="break-words whitespace-pre-line">{t("joining.request.declinedReason", { reason })}</p>}
          </div>
        </div>
        {viewer.canRequest && askButton(t("joining.request.askAgain"))}
      </div>
    );
  } else if (viewer.canRequest) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">{t("joining.request.intro")}</p>
        {askButton(t("joining.request.ask"))}
      </div>
    );
  } else {
    body = (
      <p className={note}>
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t("joining.request.closed")}
      </p>
    );
  }

  return (
    <>
      <div ref={rootRef} tabIndex={-1} className="rounded-lg focus:outline-none">
        {body}
      </div>
      {user && (
        // Stays while open even when an answer changes what the card shows (banned, already asked), so the
        // server's words are read before it closes.
        <AskDialog
          community={community}
          open={asking}
          onClose={() => {
            setAsking(false);
            setRefocus((n) => n + 1);
          }}
          onSent={() => {
            setSent({ over: viewer.request });
            setAsking(false);
            setRefocus((n) => n + 1);
            reread();
          }}
          onRefused={reread}
        />
      )}
    </>
  );
}

function AskDialog({
  community,
  open,
  onClose,
  onSent,
  onRefused,
}: {
  community: RequestToJoinProps["community"];
  open: boolean;
  onClose: () => void;
  onSent: () => void;
  /** The server would not take the request (banned, already asked, closed): the card re-reads the community. */
  onRefused: () => void;
}) {
  const { t } = useTranslation("communities");
  const ask = useMutation({
    mutationFn: (answers: string[]) =>
      call("POST /api/communities/:id/requests", { params: { id: community.id }, body: { answers } }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !ask.isPending && onClose()}
      title={t("joining.request.dialogTitle", { community: community.name })}
      description={
        community.membershipQuestions.length ? t("joining.request.dialogDescription") : t("joining.request.dialogNoQuestions")
      }
    >
      {open && (
        <AskForm
          questions={community.membershipQuestions}
          pending={ask.isPending}
          onCancel={onClose}
          send={(answers, { onIssues, onProblem }) =>
            ask.mutate(answers, {
              onSuccess: onSent,
              onError: (err) => {
                if (err instanceof ApiError && (err.status === 403 || err.status === 409)) onRefused();
                const placed = err instanceof ApiError && err.issues.length ? onIssues(err) : false;
                if (!placed) onProblem(err);
              },
            })
          }
        />
      )}
    </Dialog>
  );
}

type SendHandlers = {
  /** Places the server's field issues on the answers; false when none was about an answer. */
  onIssues: (err: ApiError) => boolean;
  onProblem: (err: unknown) => void;
};

/** One labelled, required answer per question; mounted with each opening, so it starts empty. */
function AskForm({
  questions,
  pending,
  onCancel,
  send,
}: {
  questions: string[];
  pending: boolean;
  onCancel: () => void;
  send: (answers: string[], handlers: SendHandlers) => void;
}) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const id = useId();
  const [answers, setAnswers] = useState(() => questions.map(() => ""));
  const [errors, setErrors] = useState<(string | undefined)[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const firstRef = useInitialFocus<HTMLTextAreaElement>(questions.length > 0);
  const sendRef = useInitialFocus<HTMLButtonElement>(questions.length === 0);
  const answerId = (i: number) => `${id}-answer-${i}`;

  const focusFirst = (errs: (string | undefined)[]) => {
    const first = errs.findIndex(Boolean);
    if (first >= 0) requestAnimationFrame(() => document.getElementById(answerId(first))?.focus());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const trimmed = answers.map((a) => a.trim());
    const errs = trimmed.map((a) =>
      !a
        ? t("joining.request.answerRequired")
        : a.length > MEMBERSHIP_ANSWER_MAX
          ? t("joining.request.answerTooLong", { max: MEMBERSHIP_ANSWER_MAX })
          : undefined,
    );
    setErrors(errs);
    setProblem(null);
    if (errs.some(Boolean)) {
      focusFirst(errs);
      return;
    }
    send(trimmed, {
      onIssues: (err) => {
        const next: (string | undefined)[] = [];
        for (const issue of err.issues) {
          const [field, index] = issue.path.split(".");
          const i = Number(index);
          if (field === "answers" && Number.isInteger(i) && i >= 0 && i < questions.length) next[i] ??= issue.message;
        }
        if (!next.some(Boolean)) return false;
        setErrors(next);
        focusFirst(next);
        return true;
      },
      onProblem: (err) => setProblem(errorMessage(err)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {questions.map((question, i) => (
        <Field
          key={i}
          label={question}
          error={errors[i]}
          hint={t("joining.common.counter", { length: answers[i]!.length, max: MEMBERSHIP_ANSWER_MAX })}
        >
          <Textarea
            id={answerId(i)}
            ref={i === 0 ? firstRef : undefined}
            rows={3}
            required
            value={answers[i]}
            maxLength={MEMBERSHIP_ANSWER_MAX}
            onChange={(e) => {
              const value = e.target.value;
              setAnswers((all) => all.map((a, j) => (j === i ? value : a)));
              setErrors((all) => all.map((err, j) => (j === i ? undefined : err)));
            }}
          />
        </Field>
      ))}
      {problem && (
        <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive-text">
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t("joining.common.cancel")}
        </Button>
        <Button ref={sendRef} type="submit" loading={pending}>
          {pending ? t("joining.request.sending") : t("joining.request.send")}
        </Button>
      </div>
    </form>
  );
}
