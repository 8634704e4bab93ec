import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

/**
 * Every classroom cache of a community sits under ["classroom", communityId]; a course page and a
 * lesson page are keyed by their own ids (their routes know no community), under ["course"] and
 * ["video"], so a change to one course refreshes exactly what shows it.
 */
export const classroomKeys = {
  community: (communityId: string) => ["classroom", communityId] as const,
  courses: (communityId: string) => ["classroom", communityId, "courses"] as const,
  allCourses: () => ["course"] as const,
  course: (courseId: string) => ["course", courseId] as const,
  allVideos: () => ["video"] as const,
  video: (videoId: string) => ["video", videoId] as const,
};

export function coursesQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: classroomKeys.courses(communityId),
    queryFn: ({ signal }) => call("GET /api/communities/:id/courses", { params: { id: communityId }, signal }),
  });
}

export function courseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: classroomKeys.course(courseId),
    queryFn: ({ signal }) => call("GET /api/courses/:courseId", { params: { courseId }, signal }),
  });
}

export function videoQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: classroomKeys.video(videoId),
    queryFn: ({ signal }) => call("GET /api/videos/:videoId", { params: { videoId }, signal }),
  });
}
