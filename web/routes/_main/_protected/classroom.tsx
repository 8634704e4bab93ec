import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../../components/page";

export const Route = createFileRoute("/_main/_protected/classroom")({ component: ClassroomPage });

function ClassroomPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.classroom")} />;
}
