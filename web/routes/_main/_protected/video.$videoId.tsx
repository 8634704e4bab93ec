import { createFileRoute } from "@tanstack/react-router";
import { VideoPage } from "../../../features/classroom/video-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/video/$videoId")({
  loader: async ({ context, params }) => {
    const [{ videoQueryOptions }] = await Promise.all([
      import("../../../features/classroom/queries"),
      ensureNamespace("classroom"),
    ]);
    void context.queryClient.prefetchQuery(videoQueryOptions(params.videoId));
  },
  component: VideoRoute,
});

function VideoRoute() {
  const { videoId } = Route.useParams();
  return <VideoPage videoId={videoId} />;
}
