import { Link } from "@tanstack/react-router";
import { BookOpen, Lock, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CourseCard as Course } from "../../../common/contract/classroom";
import { Badge } from "../../components/ui/badge";
import { formatDuration } from "./format";
import { ProgressRing } from "./progress-ring";
import { responsiveImage } from "../../../common/image-widths";

/**
 * A course on the classroom page: image, title, description, lessons, the viewer's progress once they
 * have enrolled, how many enrolled and the level it needs. A locked course says which level opens it
 * and links nowhere.
 */
export function CourseCard({ course }: { course: Course }) {
  const { t } = useTranslation("classroom");
  const body = (
    <>
      <div className="relative aspect-video bg-muted">
        {course.imageUrl ? (
          <img
            {...responsiveImage(course.imageUrl)}
            sizes="(min-width: 640px) 24rem, 100vw"
            alt=""
            width={640}
            height={360}
            className="h-full w-full object-cover"
            loading="lazy"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-muted-foreground">
            <BookOpen className="h-10 w-10" aria-hidden="true" />
          </div>
        )}
        {course.locked && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/60 text-white">
            <Lock className="h-8 w-8" aria-hidden="true" />
            <span className="font-medium">{t("lockedAt", { level: course.requiredLevel })}</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-2">
          {!course.published && <Badge>{t("draft")}</Badge>}
          {course.requiredLevel > 1 && <Badge>{t("level", { level: course.requiredLevel })}</Badge>}
          {course.completedAt !== null && <Badge>{t("completed")}</Badge>}
        </div>
        <h2 className="line-clamp-2 text-lg font-semibold text-foreground">
          {course.locked ? (
            course.title
          ) : (
            // The title is the link, stretched over the card (its ::after): the whole card opens the course,
            // and its name is the title alone, which is also what it shows.
            <Link
              to="/course/$courseId"
              params={{ courseId: course.id }}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring"
            >
              {course.title}
            </Link>
          )}
        </h2>
        {course.description && <p className="line-clamp-3 text-sm text-muted-foreground">{course.description}</p>}
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div className="space-y-1 text-sm text-muted-foreground">
            <p className="flex items-center gap-1.5">
              <BookOpen className="h-4 w-4" aria-hidden="true" />
              {t("lessons", { count: course.videosCount })}
              {course.totalDuration > 0 && <span>· {formatDuration(t, course.totalDuration)}</span>}
            </p>
            <p className="flex items-center gap-1.5">
              <Users className="h-4 w-4" aria-hidden="true" />
              {t("enrolled", { count: course.enrollmentsCount })}
            </p>
          </div>
          {!course.locked && course.enrolled && (
            <ProgressRing percent={course.progress} label={t("progress", { percent: course.progress })} />
          )}
        </div>
      </div>
    </>
  );
  const classes = "flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm";
  if (course.locked)
    return (
      <article className={classes} aria-label={`${course.title}. ${t("lockedAt", { level: course.requiredLevel })}`}>
        {body}
      </article>
    );
  return <article className={`relative ${classes} transition hover:shadow-md`}>{body}</article>;
}
