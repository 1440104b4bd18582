import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/server/db/client";
import { createUser, findUserByEmail } from "@/lib/accounts/server/users";
import { createPostgresDatabase } from "./support/backends";

describe("migrations", () => {
  it("apply exactly once when several instances start at once against one Postgres", async () => {
    const pg = await createPostgresDatabase();
    try {
      const instances = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: pg.url })));
      const rows = await instances[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const n =
        (rows as { rows?: Array<{ n: number }> }).rows?.[0]?.n ?? (rows as Array<{ n: number }>)[0]?.n;
      // One row per migration in the journal: none applied twice by the racing instances.
      const journal = JSON.parse(
        readFileSync(path.join(process.cwd(), "drizzle/meta/_journal.json"), "utf8"),
      ) as {
        entries: unknown[];
      };
      expect(n).toBe(journal.entries.length);
      // Every instance can use the schema.
      await createUser(instances[1]!.db, { email: "m@example.com", name: null, passwordHash: null });
      expect(await findUserByEmail(instances[3]!.db, "m@example.com")).not.toBeNull();
      await Promise.all(instances.map((i) => i.close()));
    } finally {
      await pg.drop();
    }
  }, 60_000);

  it("keep PGlite data across a restart (close and reopen the same folder)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "clusterdeck-pglite-"));
    try {
      const first = await openDatabase({ pgliteDir: dir });
      await createUser(first.db, { email: "persist@example.com", name: null, passwordHash: "h" });
      await first.close();
      const second = await openDatabase({ pgliteDir: dir });
      expect((await findUserByEmail(second.db, "persist@example.com"))?.passwordHash).toBe("h");
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("refuse a DATABASE_URL that is not postgres:// without echoing it", async () => {
    await expect(openDatabase({ url: "mysql://user:hunter2@db/x" })).rejects.toThrow(
      /must start with postgres:\/\//,
    );
    await expect(openDatabase({ url: "mysql://user:hunter2@db/x" })).rejects.not.toThrow(/hunter2/);
  });
});
