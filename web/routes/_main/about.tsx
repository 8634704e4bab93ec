import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "../../features/communities/about/about-page";
import { ensureNamespace } from "../../lib/i18n";

export const Route = createFileRoute("/_main/about")({
  loader: () => ensureNamespace("communities"),
  component: AboutPage,
});
