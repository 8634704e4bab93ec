import { sql } from "drizzle-orm";
import { AppError } from "../../lib/errors";
import { bare } from "../../lib/sql-names";
import { classroomCourses, courseVideos } from "../../lib/tables";

/** Checks and pieces shared by the course and lesson writes. */

const invalid = (path: string, message: string) =>
  new AppError("VALIDATION_FAILED", "Some fields are not valid.", { issues: [{ path, message }] });

/** A new order must name every item exactly once. */
export function assertOrder(path: string, ids: string[], existing: { id: string }[]) {
  const known = new Set(existing.map((r) => r.id));
  if (ids.length !== known.size || ids.some((id) => !known.has(id)))
    throw invalid(path, "The order must list every item exactly once");
}

/**
 * Each row's 1-based place in `ids`, as an SQL value over the row's id column (named with its table:
 * json_each has an `id` column of its own). The list travels as one JSON parameter, so a long order
 * stays within D1's 100 bound parameters per statement.
 */
export const positionIn = (table: Reordered, ids: string[]) =>
  sql`(select cast(j.key as integer) + 1 from json_each(${JSON.stringify(ids)}) j where j.value = ${table.id})`;

/** The tables whose rows are reordered. */
type Reordered = typeof classroomCourses | typeof courseVideos;

/**
 * The lessons counter, recounted in the batch that adds or removes one (a template: the builder's
 * update would also stamp updated_at).
 */
export const recountLessons = (courseId: string) =>
  sql`update ${classroomCourses} set ${bare(classroomCourses.videosCount)} = (select count(*) from ${courseVideos}
    where ${courseVideos.courseId} = ${courseId}) where ${classroomCourses.id} = ${courseId}`;
