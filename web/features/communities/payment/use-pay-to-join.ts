import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentResult } from "../../../../common/contract/payments";
import { usePaymentFlow } from "../../../components/payments/payment-flow";
import { ApiError, call } from "../../../lib/api";
import { useCreateMutation } from "../../../lib/create-mutation";
import { setCurrentCommunityId } from "../../../lib/current-community";
import { paymentKeys } from "../../../lib/payments";
import { toast } from "../../../lib/toast";
import { refreshCommunity } from "../queries";

/** Spec 002 section 9: the community opens 0.5 s after a successful payment. */
const ENTER_DELAY_MS = 500;

export type JoinPayment =
  | { paymentMethodId: string }
  | { hosted: true }
  | { card: { number: string; expiry: string; cvv: string; holder: string }; saveCard: boolean; email?: string };

/**
 * Paying to join: the request (one Idempotency-Key per click), its outcome, the 3-D Secure dialog, and
 * on approval the welcome toast and the community. Closing the dialog unanswered lets the payer pay
 * again at once.
 */
export function usePayToJoin(community: { id: string; name: string }) {
  const { t } = useTranslation("communities");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [issues, setIssues] = useState<{ path: string; message: string }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const enter = async () => {
    await Promise.all([
      refreshCommunity(queryClient, community.id),
      queryClient.invalidateQueries({ queryKey: paymentKeys.all() }),
    ]);
    setCurrentCommunityId(community.id);
    setTimeout(() => void navigate({ to: "/communities/$communityId", params: { communityId: community.id } }), ENTER_DELAY_MS);
  };

  const flow = usePaymentFlow(
    "pay",
    {
      onApproved: () => {
        toast({ variant: "success", title: t("join.welcome", { community: community.name }) });
        void enter();
      },
      onFailed: (key) => toast({ variant: "destructive", title: t(key, { ns: "translation" }) }),
    },
    `join:${community.id}`,
  );

  const mutation = useCreateMutation({
    mutationFn: (payment: JoinPayment & { abandonedOrderId?: string }, idempotencyKey: string) =>
      call("POST /api/payments/join", { body: { communityId: community.id, ...payment }, idempotencyKey }),
    onMutate: () => {
      setIssues([]);
      setProblem(null);
    },
    onSuccess: (result: PaymentResult) => flow.handle(result),
    onError: (err) => {
      if (err instanceof ApiError) {
        if (err.code === "ALREADY_MEMBER") return void enter();
        if (err.status === 422) return setIssues(err.issues);
        if (err.status === 409 || err.status === 404) return setProblem(err.message);
      }
      toast({ variant: "destructive", title: t("payments.paymentFailed", { ns: "translation" }) });
    },
  });

  return {
    // A challenge closed unanswered does not hold the next payment back (see usePaymentFlow).
    pay: (payment: JoinPayment) => mutation.mutate({ ...payment, abandonedOrderId: flow.abandonedOrderId }),
    isPending: mutation.isPending,
    issues,
    problem,
    dialog: flow.dialog,
    failure: flow.failure,
  };
}
