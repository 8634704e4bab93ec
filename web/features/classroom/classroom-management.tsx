import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CourseCard } from "../../../common/contract/classroom";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useErrorMessage } from "../../lib/errors";
import { lazyWithPreload } from "../../lib/lazy";
import { toast } from "../../lib/toast";
import { useDeleteCourse, useEditCourse, useReorderCourses } from "./mutations";

const CourseFormDialog = lazyWithPreload(() => import("./course-form-dialog"));

/** 'Classroom Management' for the owner and admins: edit, reorder, publish or unpublish, delete. */
export function ClassroomManagement({ communityId, courses }: { communityId: string; courses: CourseCard[] }) {
  const { t } = useTranslation("classroom");
  const errorMessage = useErrorMessage();
  const reorder = useReorderCourses(communityId);
  const edit = useEditCourse(communityId);
  const remove = useDeleteCourse(communityId);
  const [editing, setEditing] = useState<CourseCard | null>(null);
  const [deleting, setDeleting] = useState<CourseCard | null>(null);
  const failed = (err: unknown) => toast({ title: t("manage.failed"), description: errorMessage(err), variant: "destructive" });

  const move = (index: number, delta: -1 | 1) => {
    const ids = courses.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    reorder.mutate(ids, { onError: failed });
  };

  return (
    <section aria-label={t("management")} className="mt-6 rounded-2xl border border-border bg-surface">
      <ul className="divide-y divide-border">
        {courses.map((course, index) => (
          <li key={course.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
            <span className="min-w-0 flex-1 truncate font-medium text-foreground">{course.title}</span>
            {!course.published && <Badge>{t("draft")}</Badge>}
            <div className="flex items-center gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("manage.moveUp", { title: course.title })}
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(index, -1)}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("manage.moveDown", { title: course.title })}
                disabled={index === courses.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={edit.isPending}
                onClick={() => edit.mutate({ courseId: course.id, body: { published: !course.published } }, { onError: failed })}
              >
                {course.published ? (
                  <EyeOff className="mr-1 h-4 w-4" aria-hidden="true" />
                ) : (
                  <Eye className="mr-1 h-4 w-4" aria-hidden="true" />
                )}
                {course.published ? t("manage.unpublish") : t("manage.publish")}
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("manage.edit", { title: course.title })}
                onPointerEnter={() => void CourseFormDialog.preload()}
                onClick={() => setEditing(course)}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t("manage.delete", { title: course.title })}
                onClick={() => setDeleting(course)}
              >
                <Trash2 className="h-4 w-4 text-destructive-text" aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <Suspense fallback={null}>
          <CourseFormDialog
            key={editing.id}
            communityId={communityId}
            course={editing}
            open
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("manage.deleteTitle")}
        description={t("manage.deleteDescription", { title: deleting?.title ?? "" })}
        confirmLabel={t("manage.deleteConfirm")}
        pendingLabel={t("manage.deleting")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: t("manage.deleted"), variant: "success" });
              setDeleting(null);
            },
            onError: failed,
          })
        }
      />
    </section>
  );
}
