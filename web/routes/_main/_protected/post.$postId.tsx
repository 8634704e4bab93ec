import { createFileRoute } from "@tanstack/react-router";
import { PostPage } from "../../../features/feed/post-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/post/$postId")({
  // The query module comes with the request, so the feed's code never weighs on the first route.
  loader: async ({ context, params }) => {
    const [{ postQueryOptions }] = await Promise.all([import("../../../features/feed/queries"), ensureNamespace("feed")]);
    void context.queryClient.prefetchQuery(postQueryOptions(params.postId));
  },
  component: PostRoute,
});

function PostRoute() {
  const { postId } = Route.useParams();
  return <PostPage postId={postId} />;
}
