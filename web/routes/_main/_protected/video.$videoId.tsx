import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "../../../components/page";

export const Route = createFileRoute("/_main/_protected/video/$videoId")({ component: VideoPage });

function VideoPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.video")} />;
}
