import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, CheckCircle2, ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { isApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useCompleteVideo, useEnroll, useSaveWatchPosition } from "./mutations";
import { ProgressRing } from "./progress-ring";
import { videoQueryOptions } from "./queries";
import { LoadError } from "../../components/load-error";
import { NotFound } from "./states";
import { VideoPlayer } from "./video-player";

/** /video/{id}: the player, the description, previous and next lesson, Mark as Complete. */
export function VideoPage({ videoId }: { videoId: string }) {
  const { t } = useTranslation("classroom");
  const errorMessage = useErrorMessage();
  const query = useQuery(videoQueryOptions(videoId));
  const communityId = query.data?.course.communityId ?? "";
  const courseId = query.data?.course.id ?? "";
  const complete = useCompleteVideo(communityId, courseId);
  const enroll = useEnroll(communityId, courseId);
  const savePosition = useSaveWatchPosition(communityId, courseId);
  useDocumentTitle(query.data?.video.title ?? t("pages.video", { ns: "translation" }));

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error, 404) || isApiError(query.error, 403))
      return (
        <NotFound
          title={t("video.notFound")}
          message={isApiError(query.error, 403) ? query.error.message : t("video.notFoundMessage")}
        />
      );
    return (
      <LoadError className="mt-6" message={t("video.loadFailed")} retryLabel={t("retry")} onRetry={() => void query.refetch()} />
    );
  }
  const { video, course, previous, next, readOnly } = query.data;
  const canTrack = course.enrolled && !readOnly;

  const onComplete = () =>
    complete.mutate(video.id, {
      onSuccess: () => toast({ title: t("video.markedComplete"), variant: "success" }),
      onError: (err) => toast({ title: t("video.completeFailed"), description: errorMessage(err), variant: "destructive" }),
    });

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link
        to="/course/$courseId"
        params={{ courseId: course.id }}
        className="inline-flex items-center gap-1 text-sm text-link hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {course.title}
      </Link>
      <VideoPlayer
        video={video}
        label={t("video.player", { title: video.title })}
        onProgress={
          canTrack
            ? (seconds, duration) =>
                savePosition.mutate({ videoId: video.id, seconds, duration, wasCompleted: video.isCompleted })
            : undefined
        }
      />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-muted-foreground">
            {t("video.lessonOf", { index: video.number, total: course.videosCount })}
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">{video.title}</h1>
        </div>
        <div className="flex items-center gap-3">
          {course.enrolled && <ProgressRing percent={course.progress} label={t("progress", { percent: course.progress })} />}
          {video.isCompleted ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-success">
              <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
              {t("video.completed")}
            </span>
          ) : canTrack ? (
            <Button onClick={onComplete} loading={complete.isPending}>
              {complete.isPending ? t("video.marking") : t("video.markComplete")}
            </Button>
          ) : (
            !readOnly && (
              <Button
                variant="outline"
                loading={enroll.isPending}
                onClick={() =>
                  enroll.mutate(undefined, {
                    onSuccess: () => toast({ title: t("course.enrolled"), variant: "success" }),
                    onError: (err) =>
                      toast({ title: t("course.enrollFailed"), description: errorMessage(err), variant: "destructive" }),
                  })
                }
              >
                {t("course.enroll")}
              </Button>
            )
          )}
        </div>
      </div>
      {!course.enrolled && !readOnly && <p className="text-sm text-muted-foreground">{t("video.enrollFirst")}</p>}
      {video.description && <p className="whitespace-pre-line text-foreground">{video.description}</p>}
      <nav className="flex flex-wrap justify-between gap-3 border-t border-border pt-4" aria-label={t("course.lessonsHeading")}>
        {previous ? (
          <Link to="/video/$videoId" params={{ videoId: previous.id }} className={buttonClasses({ variant: "outline" })}>
            <ChevronLeft className="mr-1 h-4 w-4" aria-hidden="true" />
            <span className="sr-only">{t("video.previous")}: </span>
            {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link to="/video/$videoId" params={{ videoId: next.id }} className={buttonClasses({ variant: "outline" })}>
            <span className="sr-only">{t("video.next")}: </span>
            {next.title}
            <ChevronRight className="ml-1 h-4 w-4" aria-hidden="true" />
          </Link>
        )}
      </nav>
    </div>
  );
}
