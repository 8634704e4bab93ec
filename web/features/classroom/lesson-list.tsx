import { Link } from "@tanstack/react-router";
import { CheckCircle2, Circle, GripVertical, Trash2 } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Lesson } from "../../../common/contract/classroom";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { cn } from "../../lib/cn";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { formatClock } from "./format";
import { useDeleteVideo, useReorderVideos } from "./mutations";

type LessonListProps = {
  communityId: string;
  courseId: string;
  lessons: Lesson[];
  /** Lessons link to the player only when the course is open to the viewer. */
  open: boolean;
  canManage: boolean;
};

const moved = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/**
 * A course's lessons in order, with durations and done marks. The owner and admins reorder them by drag
 * and drop or from the keyboard (Alt+Arrow keys on a focused row), and delete them.
 */
export function LessonList({ communityId, courseId, lessons, open, canManage }: LessonListProps) {
  const { t } = useTranslation("classroom");
  const errorMessage = useErrorMessage();
  const reorder = useReorderVideos(communityId, courseId);
  const remove = useDeleteVideo(communityId, courseId);
  const [order, setOrder] = useState<string[] | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const shown = (order ?? lessons.map((l) => l.id)).map((id) => byId.get(id)).filter((l) => l !== undefined);
  const failed = (err: unknown) => toast({ title: t("manage.failed"), description: errorMessage(err), variant: "destructive" });

  const commit = (ids: string[], focusId?: string) => {
    setOrder(ids);
    reorder.mutate(ids, { onError: failed, onSettled: () => setOrder(null) });
    if (focusId) {
      const lesson = byId.get(focusId);
      setAnnouncement(t("course.lessonMoved", { title: lesson?.title ?? "", position: ids.indexOf(focusId) + 1 }));
      requestAnimationFrame(() => document.getElementById(`lesson-${focusId}`)?.focus());
    }
  };

  const onKeyDown = (e: KeyboardEvent, index: number, id: string) => {
    if (!canManage || !e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    const to = e.key === "ArrowUp" ? index - 1 : index + 1;
    if (to < 0 || to >= shown.length) return;
    commit(
      moved(
        shown.map((l) => l.id),
        index,
        to,
      ),
      id,
    );
  };

  return (
    <>
      {canManage && shown.length > 1 && <p className="mb-2 text-sm text-muted-foreground">{t("course.reorderHint")}</p>}
      <ol className="divide-y divide-border rounded-2xl border border-border bg-surface">
        {shown.map((lesson, index) => (
          <li
            key={lesson.id}
            id={`lesson-${lesson.id}`}
            tabIndex={canManage ? 0 : undefined}
            draggable={canManage}
            onKeyDown={(e) => onKeyDown(e, index, lesson.id)}
            // A lesson's link is draggable on its own: its drag must not reorder for members.
            onDragStart={() => canManage && setDragging(lesson.id)}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => {
              if (dragging) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (!dragging || dragging === lesson.id) return;
              const ids = shown.map((l) => l.id);
              commit(moved(ids, ids.indexOf(dragging), index));
              setDragging(null);
            }}
            className={cn(
              "flex items-center gap-3 p-3 focus-visible:outline-2 focus-visible:outline-ring",
              dragging === lesson.id && "opacity-50",
            )}
          >
            {canManage && <GripVertical className="h-4 w-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden="true" />}
            <span className="w-6 shrink-0 text-sm text-muted-foreground">{index + 1}.</span>
            {lesson.isCompleted ? (
              <CheckCircle2 className="h-5 w-5 shrink-0 text-success" aria-label={t("course.lessonDone")} role="img" />
            ) : (
              <Circle className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            {open ? (
              <Link
                to="/video/$videoId"
                params={{ videoId: lesson.id }}
                className="min-w-0 flex-1 truncate font-medium text-foreground hover:underline"
              >
                {lesson.title}
              </Link>
            ) : (
              <span className="min-w-0 flex-1 truncate font-medium text-foreground">{lesson.title}</span>
            )}
            {lesson.duration > 0 && (
              <span className="shrink-0 text-sm tabular-nums text-muted-foreground">{formatClock(t, lesson.duration)}</span>
            )}
            {canManage && (
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("course.deleteLesson", { title: lesson.title })}
                onClick={() => setDeleting(lesson)}
              >
                <Trash2 className="h-4 w-4 text-destructive-text" aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t("course.deleteLessonTitle")}
        description={t("course.deleteLessonDescription", { title: deleting?.title ?? "" })}
        confirmLabel={t("manage.deleteConfirm")}
        pendingLabel={t("manage.deleting")}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: failed })}
      />
    </>
  );
}
