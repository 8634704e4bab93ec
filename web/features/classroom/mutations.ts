import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { BodyOf } from "../../../common/contract";
import { call } from "../../lib/api";
import { classroomKeys } from "./queries";

/**
 * The classroom's writes. Each refreshes the caches that show what it changed: the community's course
 * list, the course page and its lesson pages (progress and order show on all three).
 */
function refresh(client: QueryClient, communityId: string | null, courseId?: string) {
  return Promise.all([
    communityId ? client.invalidateQueries({ queryKey: classroomKeys.community(communityId) }) : null,
    courseId ? client.invalidateQueries({ queryKey: classroomKeys.course(courseId) }) : null,
    client.invalidateQueries({ queryKey: classroomKeys.allVideos() }),
  ]);
}

export function useCreateCourse(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<"POST /api/communities/:id/courses">) =>
      call("POST /api/communities/:id/courses", { params: { id: communityId }, body }),
    onSuccess: () => refresh(client, communityId),
  });
}

export function useEditCourse(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, body }: { courseId: string; body: BodyOf<"PATCH /api/courses/:courseId"> }) =>
      call("PATCH /api/courses/:courseId", { params: { courseId }, body }),
    onSuccess: (_data, { courseId }) => refresh(client, communityId, courseId),
  });
}

export function useDeleteCourse(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => call("DELETE /api/courses/:courseId", { params: { courseId } }),
    onSuccess: () => refresh(client, communityId),
  });
}

export function useReorderCourses(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseIds: string[]) =>
      call("PUT /api/communities/:id/courses/order", { params: { id: communityId }, body: { courseIds } }),
    onSettled: () => refresh(client, communityId),
  });
}

export function useEnroll(communityId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call("POST /api/courses/:courseId/enroll", { params: { courseId } }),
    onSuccess: () => refresh(client, communityId, courseId),
  });
}

export function useAddVideo(communityId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<"POST /api/courses/:courseId/videos">) =>
      call("POST /api/courses/:courseId/videos", { params: { courseId }, body }),
    onSuccess: () => refresh(client, communityId, courseId),
  });
}

export function useReorderVideos(communityId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (videoIds: string[]) =>
      call("PUT /api/courses/:courseId/videos/order", { params: { courseId }, body: { videoIds } }),
    onSettled: () => refresh(client, communityId, courseId),
  });
}

export function useDeleteVideo(communityId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => call("DELETE /api/videos/:videoId", { params: { videoId } }),
    onSuccess: () => refresh(client, communityId, courseId),
  });
}

export function useCompleteVideo(communityId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => call("POST /api/videos/:videoId/complete", { params: { videoId } }),
    onSuccess: () => refresh(client, communityId, courseId),
  });
}

/** Where the player is; quiet (no refresh) unless the lesson just completed itself. */
export function useSaveWatchPosition(communityId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      videoId,
      seconds,
      duration,
    }: {
      videoId: string;
      seconds: number;
      duration?: number;
      wasCompleted: boolean;
    }) => call("PUT /api/videos/:videoId/position", { params: { videoId }, body: { seconds, duration } }),
    onSuccess: (data, { wasCompleted }) =>
      data.isCompleted && !wasCompleted ? refresh(client, communityId, courseId) : undefined,
  });
}
