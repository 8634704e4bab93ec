/**
 * Community levels 1 to 9 from all-time points, on Skool's thresholds. Shared by the members and
 * leaderboard screens (badges, "next level in N points") and by the classroom (courses that unlock at
 * a level), so a level means the same everywhere.
 */
export const levelThresholds = [0, 5, 20, 65, 155, 515, 2015, 8015, 33015] as const;

export const MAX_LEVEL = levelThresholds.length;

/** The level a member with `points` all-time points has reached (1 for zero or negative points). */
export function levelForPoints(points: number): number {
  let level = 1;
  for (let i = 1; i < levelThresholds.length; i++) {
    if (points >= levelThresholds[i]!) level = i + 1;
    else break;
  }
  return level;
}

/** Points still missing to reach the next level, or null at the top level. */
export function pointsToNextLevel(points: number): number | null {
  const level = levelForPoints(points);
  if (level >= MAX_LEVEL) return null;
  return levelThresholds[level]! - points;
}

/** A SQL CASE expression giving the level of a points column, for queries that rank or filter by level. */
export function levelSql(pointsColumn: string): string {
  const arms = levelThresholds
    .map((threshold, i) => ({ threshold, level: i + 1 }))
    .slice(1)
    .reverse()
    .map(({ threshold, level }) => `WHEN ${pointsColumn} >= ${threshold} THEN ${level}`)
    .join(" ");
  return `(CASE ${arms} ELSE 1 END)`;
}
