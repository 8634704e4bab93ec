import { useQuery } from "@tanstack/react-query";
import { BookOpen, Plus, Settings2 } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { NoCommunity } from "../../components/no-community";
import { Button } from "../../components/ui/button";
import { lazyWithPreload } from "../../lib/lazy";
import { useCurrentCommunity } from "../../lib/my-communities";
import { PageSpinner } from "../../components/ui/spinner";
import { ClassroomManagement } from "./classroom-management";
import { CourseCard } from "./course-card";
import { coursesQueryOptions } from "./queries";
import { LoadError } from "../../components/load-error";

const CourseFormDialog = lazyWithPreload(() => import("./course-form-dialog"));

function CourseGridSkeleton() {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-72 animate-pulse rounded-2xl border border-border bg-surface" />
      ))}
    </div>
  );
}

/** /classroom: the current community's courses (spec 001 section 2, "Classroom"). */
export function ClassroomPage() {
  const { t } = useTranslation("classroom");
  const { current, isLoading } = useCurrentCommunity();
  useDocumentTitle(t("title"));
  if (isLoading) return <PageSpinner />;
  return (
    <div>
      {current ? (
        <Courses communityId={current.id} />
      ) : (
        <>
          <PageHeading>{t("title")}</PageHeading>
          <NoCommunity title={t("noCommunityTitle")} message={t("noCommunityMessage")} />
        </>
      )}
    </div>
  );
}

function Courses({ communityId }: { communityId: string }) {
  const { t } = useTranslation("classroom");
  const courses = useQuery(coursesQueryOptions(communityId));
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState(false);
  const data = courses.data;
  const canManage = !!data?.canManage && !data.readOnly;
  // On a plan without courses (Free) the courses it has stay editable; new ones need a paid plan.
  const canCreate = canManage && data.coursesIncluded;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{t("title")}</PageHeading>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              aria-pressed={managing}
              onClick={() => setManaging((m) => !m)}
              disabled={data.courses.length === 0}
            >
              <Settings2 className="mr-2 h-4 w-4" aria-hidden="true" />
              {managing ? t("doneManaging") : t("management")}
            </Button>
            {canCreate && (
              <Button onClick={() => setCreating(true)} onPointerEnter={() => void CourseFormDialog.preload()}>
                <Plus className="mr-2 h-4 w-4" aria-hidden="true" />
                {t("createCourse")}
              </Button>
            )}
          </div>
        )}
      </div>
      {canManage && !canCreate && (
        <p className="mt-4 rounded-xl border border-border bg-muted p-3 text-sm text-foreground">{t("coursesNotIncluded")}</p>
      )}
      {data?.readOnly && (
        <p className="mt-4 rounded-xl border border-border bg-muted p-3 text-sm text-foreground">{t("readOnly")}</p>
      )}
      {data && data.viewerLevel > 0 && data.courses.some((c) => c.locked) && (
        <p className="mt-2 text-sm text-muted-foreground">{t("yourLevel", { level: data.viewerLevel })}</p>
      )}
      {courses.isPending ? (
        <CourseGridSkeleton />
      ) : courses.isError ? (
        <LoadError className="mt-6" message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void courses.refetch()} />
      ) : managing && canManage ? (
        <ClassroomManagement communityId={communityId} courses={courses.data.courses} />
      ) : courses.data.courses.length === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-input bg-surface p-10 text-center">
          <BookOpen className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-foreground">{t("empty")}</h2>
          {/* Managers on a plan without courses read why above. */}
          {(canCreate || !canManage) && (
            <p className="text-muted-foreground">{canCreate ? t("emptyManager") : t("emptyMember")}</p>
          )}
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {courses.data.courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
      {creating && canCreate && (
        <Suspense fallback={null}>
          <CourseFormDialog communityId={communityId} open onOpenChange={setCreating} />
        </Suspense>
      )}
    </>
  );
}
