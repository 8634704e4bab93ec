import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, BookOpen, Lock, Plus, Users } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { isApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { lazyWithPreload } from "../../lib/lazy";
import { toast } from "../../lib/toast";
import { formatDuration } from "./format";
import { LessonList } from "./lesson-list";
import { useEnroll } from "./mutations";
import { ProgressRing } from "./progress-ring";
import { courseQueryOptions } from "./queries";
import { LoadError } from "../../components/load-error";
import { NotFound } from "./states";
import { responsiveImage } from "../../../common/image-widths";

const AddVideoDialog = lazyWithPreload(() => import("./add-video-dialog"));

/** /course/{id}: the lessons in order, Enroll Now, progress, and Add Video for the owner and admins. */
export function CoursePage({ courseId }: { courseId: string }) {
  const { t } = useTranslation("classroom");
  const errorMessage = useErrorMessage();
  const query = useQuery(courseQueryOptions(courseId));
  const [adding, setAdding] = useState(false);
  const course = query.data?.course;
  const enroll = useEnroll(course?.communityId ?? "", courseId);
  useDocumentTitle(course?.title ?? t("title"));

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <NotFound title={t("course.notFound")} message={t("course.notFoundMessage")} />;
    return (
      <LoadError className="mt-6" message={t("course.loadFailed")} retryLabel={t("retry")} onRetry={() => void query.refetch()} />
    );
  }
  const { lessons, canManage, readOnly } = query.data;
  const data = query.data.course;
  const manage = canManage && !readOnly;
  const firstOpen = lessons.find((l) => !l.isCompleted) ?? lessons[0];

  const onEnroll = () =>
    enroll.mutate(undefined, {
      onSuccess: () => toast({ title: t("course.enrolled"), variant: "success" }),
      onError: (err) => toast({ title: t("course.enrollFailed"), description: errorMessage(err), variant: "destructive" }),
    });

  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/classroom" className="inline-flex items-center gap-1 text-sm text-link hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("course.back")}
      </Link>
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0 space-y-3">
          <PageHeading>{data.title}</PageHeading>
          {data.creator && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Avatar src={data.creator.avatarUrl} name={data.creator.fullName} size="sm" />
              {data.creator.fullName}
            </p>
          )}
          {data.description && <p className="whitespace-pre-line text-foreground">{data.description}</p>}
          <p className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <BookOpen className="h-4 w-4" aria-hidden="true" />
              {t("lessons", { count: data.videosCount })}
              {data.totalDuration > 0 && ` · ${formatDuration(t, data.totalDuration)}`}
            </span>
            <span className="flex items-center gap-1.5">
              <Users className="h-4 w-4" aria-hidden="true" />
              {t("enrolled", { count: data.enrollmentsCount })}
            </span>
          </p>
        </div>
        <aside className="space-y-3 self-start rounded-2xl border border-border bg-surface p-4">
          {data.imageUrl && (
            <img
              {...responsiveImage(data.imageUrl)}
              sizes="(min-width: 1024px) 24rem, 100vw"
              alt=""
              width={1280}
              height={720}
              className="aspect-video w-full rounded-xl object-cover"
            />
          )}
          {data.locked ? (
            <p className="flex items-start gap-2 text-sm text-foreground">
              <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {t("course.lockedMessage", { level: data.requiredLevel })}
            </p>
          ) : data.enrolled ? (
            <div className="flex items-center gap-3">
              <ProgressRing percent={data.progress} size={56} label={t("progress", { percent: data.progress })} />
              <span className="text-sm text-foreground">
                {data.progress === 100 ? t("completed") : t("progress", { percent: data.progress })}
              </span>
            </div>
          ) : (
            !readOnly && (
              <Button className="w-full" onClick={onEnroll} loading={enroll.isPending}>
                {enroll.isPending ? t("course.enrolling") : t("course.enroll")}
              </Button>
            )
          )}
          {!data.locked && data.enrolled && firstOpen && (
            <Link to="/video/$videoId" params={{ videoId: firstOpen.id }} className="block text-sm text-link hover:underline">
              {t("course.continue", { title: firstOpen.title })}
            </Link>
          )}
        </aside>
      </div>

      <section className="mt-8" aria-labelledby="lessons-heading">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="lessons-heading" className="text-lg font-semibold text-foreground">
            {t("course.lessonsHeading")}
          </h2>
          {manage && lessons.length > 0 && (
            <Button size="sm" onClick={() => setAdding(true)} onPointerEnter={() => void AddVideoDialog.preload()}>
              <Plus className="mr-1 h-4 w-4" aria-hidden="true" />
              {t("course.addVideo")}
            </Button>
          )}
        </div>
        {lessons.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-input bg-surface p-8 text-center">
            <p className="text-muted-foreground">{t("course.noLessons")}</p>
            {manage && (
              <Button onClick={() => setAdding(true)} onPointerEnter={() => void AddVideoDialog.preload()}>
                <Plus className="mr-1 h-4 w-4" aria-hidden="true" />
                {t("course.addFirstVideo")}
              </Button>
            )}
          </div>
        ) : (
          <LessonList
            communityId={data.communityId}
            courseId={data.id}
            lessons={lessons}
            open={!data.locked}
            canManage={manage}
          />
        )}
      </section>
      {adding && (
        <Suspense fallback={null}>
          <AddVideoDialog communityId={data.communityId} courseId={data.id} open onOpenChange={setAdding} />
        </Suspense>
      )}
    </div>
  );
}
