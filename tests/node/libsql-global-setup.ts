import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

/** One temporary directory for the libSQL project's file databases, removed when the run ends. */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "agora-libsql-"));
  project.provide("libsqlDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
