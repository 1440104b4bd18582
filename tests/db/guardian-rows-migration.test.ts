import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

/**
 * The migration that keys the guardian's rows by the stored key they are followed through, run on a database that
 * already holds guardian rows: each takes its key's id as its scope (no-key where the key was deleted), its limits,
 * rates and status changes follow it, and the same cluster id can then be followed under another key.
 */

type Journal = { entries: Array<{ idx: number; tag: string }> };
const journal = JSON.parse(
  readFileSync(path.join(process.cwd(), "drizzle/meta/_journal.json"), "utf8"),
) as Journal;
const TAG = "0029_guardian-rows-per-key";

async function migrate(db: PGlite, entries: Journal["entries"]) {
  for (const e of entries) {
    const text = readFileSync(path.join(process.cwd(), "drizzle", `${e.tag}.sql`), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}

describe("the migration keying guardian rows by key", () => {
  it("moves existing rows under their key's scope and then lets an id repeat under another key", async () => {
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    const db = new PGlite();
    try {
      await migrate(db, journal.entries.slice(0, at));
      const user = "11111111-1111-4111-8111-111111111111";
      const team = "22222222-2222-4222-8222-222222222222";
      const key = "33333333-3333-4333-8333-333333333333";
      await db.exec(`
        insert into users (id, email) values ('${user}', 'ada@example.com');
        insert into teams (id, name) values ('${team}', 'Ada');
        insert into runcrate_keys (id, user_id, team_id, label, ciphertext, iv, tag, last4)
          values ('${key}', '${user}', '${team}', 'main', 'c', 'i', 't', '1234');
        insert into tracked_clusters (cluster_id, user_id, key_id, name, status)
          values ('101', '${user}', '${key}', 'train', 'ready'), ('102', '${user}', null, 'old', 'terminated');
        insert into cluster_limits (cluster_id, time_limit_minutes, state) values ('101', 60, 'watching');
        insert into cluster_rate_segments (cluster_id, seq, rate_per_node, nodes, from_at)
          values ('101', 0, 10, 2, now()), ('102', 0, 5, 1, now());
        insert into cluster_status_transitions (cluster_id, from_status, to_status, at)
          values ('101', 'provisioning', 'ready', now());
      `);

      await migrate(db, journal.entries.slice(at, at + 1));

      const scopes = async (table: string) =>
        (
          await db.query<{ cluster_id: string; scope: string }>(
            `select cluster_id, scope from ${table} order by cluster_id`,
          )
        ).rows;
      expect(await scopes("tracked_clusters")).toEqual([
        { cluster_id: "101", scope: key },
        { cluster_id: "102", scope: "no-key" },
      ]);
      expect(await scopes("cluster_limits")).toEqual([{ cluster_id: "101", scope: key }]);
      expect(await scopes("cluster_rate_segments")).toEqual([
        { cluster_id: "101", scope: key },
        { cluster_id: "102", scope: "no-key" },
      ]);
      expect(await scopes("cluster_status_transitions")).toEqual([{ cluster_id: "101", scope: key }]);

      // Another workspace's 101 is a row of its own, with limits of its own.
      await db.exec(`
        insert into tracked_clusters (scope, cluster_id, user_id, key_id, name, status)
          values ('other-key', '101', '${user}', null, 'theirs', 'ready');
        insert into cluster_limits (scope, cluster_id, time_limit_minutes, state) values ('other-key', '101', 1, 'watching');
      `);
      const limits = await db.query<{ scope: string; time_limit_minutes: number }>(
        `select scope, time_limit_minutes from cluster_limits where cluster_id = '101' order by time_limit_minutes`,
      );
      expect(limits.rows).toEqual([
        { scope: "other-key", time_limit_minutes: 1 },
        { scope: key, time_limit_minutes: 60 },
      ]);
      // The same key and id once only; a limit only on a followed row.
      await expect(
        db.exec(
          `insert into tracked_clusters (scope, cluster_id, user_id, name, status) values ('${key}', '101', '${user}', 'x', 'ready')`,
        ),
      ).rejects.toThrow(/duplicate key/);
      await expect(
        db.exec(`insert into cluster_limits (scope, cluster_id, state) values ('nobody', '101', 'watching')`),
      ).rejects.toThrow(/foreign key/);
    } finally {
      await db.close();
    }
  }, 60_000);
});
