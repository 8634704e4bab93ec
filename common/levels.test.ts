import { describe, expect, it } from "vitest";
import { levelForPoints, levelSql, pointsToNextLevel } from "./levels";

describe("levels", () => {
  it("starts at level 1 and moves up exactly at each threshold", () => {
    expect(levelForPoints(-3)).toBe(1);
    expect(levelForPoints(0)).toBe(1);
    expect(levelForPoints(4)).toBe(1);
    expect(levelForPoints(5)).toBe(2);
    expect(levelForPoints(19)).toBe(2);
    expect(levelForPoints(20)).toBe(3);
    expect(levelForPoints(33014)).toBe(8);
    expect(levelForPoints(33015)).toBe(9);
    expect(levelForPoints(10_000_000)).toBe(9);
  });

  it("tells how many points the next level needs, none at the top", () => {
    expect(pointsToNextLevel(0)).toBe(5);
    expect(pointsToNextLevel(7)).toBe(13);
    expect(pointsToNextLevel(33015)).toBeNull();
  });

  it("has a SQL form with the highest threshold first", () => {
    expect(levelSql("p")).toBe(
      "(CASE WHEN p >= 33015 THEN 9 WHEN p >= 8015 THEN 8 WHEN p >= 2015 THEN 7 WHEN p >= 515 THEN 6 WHEN p >= 155 THEN 5 WHEN p >= 65 THEN 4 WHEN p >= 20 THEN 3 WHEN p >= 5 THEN 2 ELSE 1 END)",
    );
  });
});
