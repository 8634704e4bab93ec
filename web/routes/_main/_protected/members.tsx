import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../../components/page";
import { CommunityGroupChats } from "../../../features/messages/community-group-chats";

export const Route = createFileRoute("/_main/_protected/members")({ component: MembersPage });

function MembersPage() {
  const { t } = useTranslation();
  return (
    <>
      <ComingSoonPage title={t("pages.members")} />
      <CommunityGroupChats />
    </>
  );
}
