import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MEMBER_ACTION_REASON_MAX } from "../../../../common/contract/limits";
import type { MembershipRequest } from "../../../../common/contract/membership-requests";
import { ListStates } from "../../../components/list-states";
import { ProfileLink } from "../../../components/profile-link";
import { Avatar } from "../../../components/ui/avatar";
import { LazyPanel } from "../../../components/lazy-panel";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { ApiError, call } from "../../../lib/api";
import { communityKeys } from "../../../lib/community-keys";
import { useErrorMessage } from "../../../lib/errors";
import { useFormatter } from "../../../lib/format/formatter";
import { useRelativeTime } from "../../../lib/time";
import { toast } from "../../../lib/toast";
import { useInitialFocus } from "../../../lib/use-initial-focus";
import { membersKeys } from "../../../lib/members-keys";
import { requestsKey, requestsQueryOptions } from "./queries";
import { useJoiningTexts } from "./texts";

/**
 * The people waiting to join a private community, oldest first, with their answers: its moderators and
 * up approve each or decline with a reason the person sees (on the settings page).
 */
export function RequestsQueue({ communityId }: { communityId: string }) {
  return (
    <LazyPanel>
      <Queue communityId={communityId} />
    </LazyPanel>
  );
}

/** A decided request leaves the list at once; the server's list follows. */
function dropRequest(queryClient: QueryClient, communityId: string, requestId: string) {
  queryClient.setQueryData<MembershipRequest[]>(requestsKey(communityId), (items) => items?.filter((r) => r.id !== requestId));
  void queryClient.invalidateQueries({ queryKey: requestsKey(communityId) });
}

function Queue({ communityId }: { communityId: string }) {
  useJoiningTexts();
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = useQuery(requestsQueryOptions(communityId));
  const titleId = useId();
  const [target, setTarget] = useState<MembershipRequest | null>(null);
  const [reason, setReason] = useState("");
  const nameOf = (r: MembershipRequest) => r.user.fullName || t("translation:common.unknownUser");
  // A decided row (and the button that was used) goes: focus goes to the list. A counter, so this
  // effect runs after the dialog's own, which returns focus to the button that opened it.
  const regionRef = useRef<HTMLElement>(null);
  const [decided, setDecided] = useState(0);
  useEffect(() => {
    if (decided) regionRef.current?.focus();
  }, [decided]);

  const decline = useMutation({
    mutationFn: ({ request, reason }: { request: MembershipRequest; reason: string }) =>
      call("POST /api/communities/:id/requests/:requestId/decline", {
        params: { id: communityId, requestId: request.id },
        body: reason ? { reason } : {},
      }),
    onSuccess: (_, { request }) => {
      dropRequest(queryClient, communityId, request.id);
      toast({ variant: "success", title: t("joining.queue.declinedToast", { name: nameOf(request) }) });
      setTarget(null);
      setDecided((n) => n + 1);
    },
    // Answered meanwhile by someone else, perhaps: the list shows what is left to answer.
    onError: () => void queryClient.invalidateQueries({ queryKey: requestsKey(communityId) }),
  });

  const body = (
    <ListStates
      query={query}
      items={query.data}
      loadingLabel={t("translation:common.loading")}
      error={{ variant: "plain", message: errorMessage(query.error), retryLabel: t("translation:common.tryAgain") }}
      empty={
        <div className="rounded-xl border border-dashed border-border p-6 text-center">
          <p className="font-medium text-foreground">{t("joining.queue.empty")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("joining.queue.emptyHint")}</p>
        </div>
      }
    >
      {(requests) => (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={query.isFetching || undefined}>
          {requests.map((request) => (
            <RequestRow
              key={request.id}
              communityId={communityId}
              request={request}
              name={nameOf(request)}
              onApproved={() => setDecided((n) => n + 1)}
              onDecline={() => {
                decline.reset();
                setReason("");
                setTarget(request);
              }}
            />
          ))}
        </ul>
      )}
    </ListStates>
  );

  const declineIssue = decline.error instanceof ApiError ? decline.error.issues.find((i) => i.path === "reason") : undefined;
  const targetName = target ? nameOf(target) : "";
  const submitDecline = (e: FormEvent) => {
    e.preventDefault();
    if (target && !decline.isPending) decline.mutate({ request: target, reason: reason.trim() });
  };

  return (
    <section ref={regionRef} tabIndex={-1} aria-labelledby={titleId} className="space-y-3 rounded-xl focus:outline-none">
      <div>
        <h3 id={titleId} className="font-semibold text-foreground">
          {t("joining.queue.title")}
          {query.data && query.data.length > 0 && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {t("joining.queue.waiting", { count: query.data.length })}
            </span>
          )}
        </h3>
        <p className="text-sm text-muted-foreground">{t("joining.queue.intro")}</p>
      </div>
      {body}
      <Dialog
        open={target !== null}
        onOpenChange={(open) => !open && !decline.isPending && setTarget(null)}
        title={t("joining.queue.declineTitle", { name: targetName })}
        description={t("joining.queue.declineDescription", { name: targetName })}
      >
        <DeclineForm
          open={target !== null}
          reason={reason}
          onReasonChange={setReason}
          reasonError={declineIssue?.message}
          problem={decline.isError && !declineIssue ? errorMessage(decline.error) : null}
          pending={decline.isPending}
          onCancel={() => setTarget(null)}
          onSubmit={submitDecline}
        />
      </Dialog>
    </section>
  );
}

function DeclineForm({
  open,
  reason,
  onReasonChange,
  reasonError,
  problem,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  reason: string;
  onReasonChange: (reason: string) => void;
  reasonError: string | undefined;
  problem: string | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (e: FormEvent) => void;
}) {
  const { t } = useTranslation("communities");
  const reasonRef = useInitialFocus<HTMLTextAreaElement>(open);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label={t("joining.queue.reason")}
        error={reasonError}
        hint={t("joining.common.counter", { length: reason.length, max: MEMBER_ACTION_REASON_MAX })}
      >
        <Textarea
          ref={reasonRef}
          rows={3}
          value={reason}
          maxLength={MEMBER_ACTION_REASON_MAX}
          onChange={(e) => onReasonChange(e.target.value)}
        />
      </Field>
      {problem && (
        <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive-text">
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t("translation:common.cancel")}
        </Button>
        <Button type="submit" variant="destructive" loading={pending}>
          {pending ? t("joining.queue.declining") : t("joining.queue.decline")}
        </Button>
      </div>
    </form>
  );
}

function RequestRow({
  communityId,
  request,
  name,
  onApproved,
  onDecline,
}: {
  communityId: string;
  request: MembershipRequest;
  name: string;
  onApproved: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const relativeTime = useRelativeTime();
  const format = useFormatter();

  const approve = useMutation({
    mutationFn: () =>
      call("POST /api/communities/:id/requests/:requestId/approve", { params: { id: communityId, requestId: request.id } }),
    onSuccess: () => {
      dropRequest(queryClient, communityId, request.id);
      // A free community took the person in: its member count and lists change.
      void queryClient.invalidateQueries({ queryKey: communityKeys.detail(communityId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId) });
      void queryClient.invalidateQueries({ queryKey: membersKeys.community(communityId) });
      toast({ variant: "success", title: t("joining.queue.approvedToast", { name }) });
      onApproved();
    },
    // A full community keeps the request waiting; one answered meanwhile leaves the list.
    onError: () => void queryClient.invalidateQueries({ queryKey: requestsKey(communityId) }),
  });

  return (
    <li className="space-y-3 p-4">
      <div className="flex items-start gap-3">
        <Avatar src={request.user.avatarUrl} name={name} size="md" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-foreground">
            <ProfileLink userId={request.user.id}>{name}</ProfileLink>
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={new Date(request.createdAt).toISOString()} title={format.dateTime(request.createdAt)}>
              {t("joining.queue.asked", { time: relativeTime(request.createdAt) })}
            </time>
          </p>
        </div>
      </div>
      {request.questions.length > 0 && (
        <dl className="space-y-3 rounded-lg bg-muted p-3">
          {request.questions.map((question, i) => (
            <div key={i}>
              <dt className="text-sm font-medium break-words text-foreground">{question}</dt>
              <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-muted-foreground">{request.answers[i]}</dd>
            </div>
          ))}
        </dl>
      )}
      {approve.isError && (
        <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive-text">
          {errorMessage(approve.error)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={onDecline}
          disabled={approve.isPending}
          aria-haspopup="dialog"
          aria-label={t("joining.queue.declinePerson", { name })}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          {t("joining.queue.decline")}
        </Button>
        <Button
          size="sm"
          onClick={() => approve.mutate()}
          loading={approve.isPending}
          aria-label={t("joining.queue.approvePerson", { name })}
        >
          {!approve.isPending && <Check className="h-4 w-4" aria-hidden="true" />}
          {approve.isPending ? t("joining.queue.approving") : t("joining.queue.approve")}
        </Button>
      </div>
    </li>
  );
}
