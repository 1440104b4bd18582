/**
 * vitest's global setup: the migrated embedded database that tests copy instead of making their own
 * (pglite-template.ts). Made with the app's openDatabase, so it is exactly what a new folder becomes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/lib/server/db/client";

export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(path.join(tmpdir(), "clusterdeck-pglite-template-"));
  const dir = path.join(root, "pglite");
  const database = await openDatabase({ pgliteDir: dir });
  await database.close();
  project.provide("pgliteTemplate", dir);
  return () => rmSync(root, { recursive: true, force: true });
}
