import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Link2Off, Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { OpenedInvite } from "../../../../common/contract/invites";
import { useDocumentTitle } from "../../../components/page";
import { Avatar } from "../../../components/ui/avatar";
import { buttonClasses } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api";
import { CommunityLoadError, DetailSkeleton } from "../community-states";
import { CommunityDetailView } from "../detail/community-detail-page";
import { inviteQueryOptions } from "./invite-query";

/** /invite/{token}: the community's page with who invited and a join button that goes through the link. */
export function InvitePage({ token }: { token: string }) {
  const query = useQuery(inviteQueryOptions(token));
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    return isApiError(query.error, 404) || isApiError(query.error, 422) ? (
      <InviteNotFound />
    ) : (
      <CommunityLoadError onRetry={() => void query.refetch()} />
    );
  }
  const invite = query.data;
  return (
    <CommunityDetailView view={invite.view} invite={{ token, state: invite.state }} banner={<InviteBanner invite={invite} />} />
  );
}

function InviteBanner({ invite }: { invite: OpenedInvite }) {
  const { t } = useTranslation("communities");
  const community = invite.view.community.name;
  if (invite.view.viewer.isMember) return null;
  if (invite.state !== "open") {
    return (
      <p role="status" className="flex items-start gap-3 rounded-2xl border border-border bg-muted p-4 text-sm text-foreground">
        <Link2Off className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        {t(`invite.closed.${invite.state}`)}
      </p>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-primary/30 bg-primary/5 p-4 text-sm text-foreground">
      {invite.inviter ? (
        <Avatar src={invite.inviter.avatarUrl} name={invite.inviter.fullName} size="md" />
      ) : (
        <Mail className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      )}
      <p>
        {invite.inviter
          ? t("invite.invitedBy", { name: invite.inviter.fullName, community })
          : t("invite.invited", { community })}
      </p>
    </div>
  );
}

function InviteNotFound() {
  const { t } = useTranslation("communities");
  useDocumentTitle(t("invite.notFound"));
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
      <Link2Off className="h-12 w-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-semibold text-foreground">{t("invite.notFound")}</h1>
      <p className="max-w-md text-muted-foreground">{t("invite.notFoundDescription")}</p>
      <Link to="/communities/explore" className={buttonClasses()}>
        {t("detail.browse")}
      </Link>
    </div>
  );
}
