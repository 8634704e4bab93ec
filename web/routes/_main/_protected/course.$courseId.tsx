import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../../components/page";

export const Route = createFileRoute("/_main/_protected/course/$courseId")({ component: CoursePage });

function CoursePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.course")} />;
}
