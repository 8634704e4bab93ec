import { createFileRoute } from "@tanstack/react-router";
import { CoursePage } from "../../../features/classroom/course-page";
import { ensureNamespace } from "../../../lib/i18n";

export const Route = createFileRoute("/_main/_protected/course/$courseId")({
  loader: async ({ context, params }) => {
    const [{ courseQueryOptions }] = await Promise.all([
      import("../../../features/classroom/queries"),
      ensureNamespace("classroom"),
    ]);
    void context.queryClient.prefetchQuery(courseQueryOptions(params.courseId));
  },
  component: CourseRoute,
});

function CourseRoute() {
  const { courseId } = Route.useParams();
  return <CoursePage courseId={courseId} />;
}
