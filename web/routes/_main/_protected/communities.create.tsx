import { createFileRoute } from "@tanstack/react-router";
import { CreateCommunityPage } from "../../../features/communities/create/create-community-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/communities/create")({
  loader: () => ensureNamespace("communities"),
  component: CreateCommunityPage,
});
