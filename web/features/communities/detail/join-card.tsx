import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { CheckCircle2, Lock, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";
import { setCurrentCommunityId } from "../../../lib/current-community";
import { billingKey, formatGel } from "../format";
import { PriceLabel } from "../price-label";
import type { CommunityDetail, CommunityViewer } from "../../../../common/contract/communities";
import { includesFeature } from "../../../../common/catalog";
import { useJoinCommunity, type JoinInvite } from "../use-join-community";
import { RequestToJoin } from "../joining/request-to-join";

/** Price, what membership costs and the one action that fits the viewer: join, pay, enter or sign in. */
export function JoinCard({
  community,
  viewer,
  invite,
}: {
  community: CommunityDetail;
  viewer: CommunityViewer;
  invite?: JoinInvite;
}) {
  const { t } = useTranslation("communities");
  return (
    <section aria-labelledby="join-card-title" className="space-y-4 rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <div>
        <h2 id="join-card-title" className="text-sm font-medium text-muted-foreground">
          {t("detail.pricing")}
        </h2>
        <PriceLabel
          isPaid={community.isPaid}
          price={community.price}
          paymentType={community.paymentType}
          subscriptionInterval={community.subscriptionInterval}
          className="mt-1 block text-3xl font-bold text-foreground"
        />
        <p className="mt-1 text-sm text-muted-foreground">
          {community.isPaid
            ? community.paymentType === "single"
              ? t("detail.paidOnce")
              : t("detail.paidSubscription")
            : t("detail.freeToJoin")}
        </p>
      </div>
      <JoinAction community={community} viewer={viewer} invite={invite} />
    </section>
  );
}

function JoinAction({ community, viewer, invite }: { community: CommunityDetail; viewer: CommunityViewer; invite?: JoinInvite }) {
  const { t, i18n } = useTranslation("communities");
  const { user, isLoading: sessionLoading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { join, isPending, problem } = useJoinCommunity(community, invite);

  const enter = (to: "/" | "/settings") => {
    setCurrentCommunityId(community.id);
    void navigate({ to });
  };

  if (viewer.isMember) {
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {viewer.isCreator ? t("detail.youOwn") : t("detail.youAreMember")}
        </p>
        <Button className="w-full" onClick={() => enter("/")}>
          {t("card.viewCommunity")}
        </Button>
        {viewer.canManage && (
          <Button variant="outline" className="w-full" onClick={() => enter("/settings")}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            {t("detail.manage")}
          </Button>
        )}
      </div>
    );
  }

  const key = billingKey(community.isPaid, community.paymentType, community.subscriptionInterval);
  const payLabel = key ? t("join.payToJoin", { price: t(key, { price: formatGel(community.price, i18n.language) }) }) : "";
  // A paid community whose plan has no paid memberships (it moved down to Free, or its plan is not
  // paid yet) keeps its price but takes no new paid member: the API refuses the payment.
  const sellsMemberships = includesFeature(community.features, "paidMemberships");
  const payLink =
    community.isPaid && key && !sellsMemberships ? (
      <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm text-foreground">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t("join.noPaidMemberships")}
      </p>
    ) : community.isPaid && key ? (
      <Link
        to="/communities/join-payment"
        search={{ communityId: community.id }}
        className={buttonClasses({ size: "lg", className: "w-full" })}
      >
        {payLabel}
      </Link>
    ) : null;
  // A private community's invite link admits its holder first (joining through it), then the payment
  // screen follows: the link itself would skip the admission, and the payment would be refused.
  const admitsThenPays =
    invite !== undefined && community.visibility === "private" && community.isPaid && !!key && sellsMemberships;

  // A private community is asked to join (an invitation still lets people straight in); the request
  // card covers every state of it, a ban included, and offers the payment once a paid request is approved.
  if (community.visibility === "private" && !invite && !community.archived) {
    return (
      <RequestToJoin community={community} viewer={viewer}>
        {payLink}
      </RequestToJoin>
    );
  }

  if (viewer.isBanned) {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm text-foreground">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t("join.banned")}
      </p>
    );
  }

  const closedLink = invite && invite.state !== "open";
  if (community.archived || (user && !viewer.canJoin) || closedLink) {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm text-foreground">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {community.archived ? t("join.archived") : closedLink ? t(`invite.closed.${invite.state}`) : t("join.closed")}
      </p>
    );
  }

  // Until the session is known, a visitor and a member look alike: do not offer the wrong action.
  if (sessionLoading) return <Button size="lg" className="w-full" loading disabled aria-label={t("common.loading")} />;

  if (!user) {
    return (
      <Link to="/auth/login" search={{ redirect: location.href }} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {t("join.signInToJoin")}
      </Link>
    );
  }

  return (
    <div className="space-y-2">
      {payLink && !admitsThenPays ? (
        payLink
      ) : (
        <Button size="lg" className="w-full" onClick={join} loading={isPending}>
          {isPending ? t("join.joining") : admitsThenPays ? payLabel : t("join.join")}
        </Button>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive-text">
          {problem}
        </p>
      )}
    </div>
  );
}
