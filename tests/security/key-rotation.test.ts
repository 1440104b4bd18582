import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seal } from "@/lib/server/crypto/aes-gcm";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { getActiveKeySecret } from "@/lib/keys/server/runcrate-keys";
import { runcrateKeys } from "@/lib/server/db/schema";
import { createPostgresDatabase } from "../db/support/backends";
import { freshKey, makeUser } from "../db/support/fixtures";
import { personalTeam } from "@/lib/teams/server/teams-store";

/** `npm run keys:reseal` against a real Postgres, as an operator runs it after rotating the secret. */
describe("key rotation command", () => {
  let pg: { url: string; drop: () => Promise<void> };
  let database: Database;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
    database = await openDatabase({ url: pg.url });
  });
  afterAll(async () => {
    await database.close();
    await pg.drop();
  });

  it("re-seals every row with the new secret, after which the previous one can go", async () => {
    const oldSecret = randomBytes(32);
    const newSecret = randomBytes(32);
    const user = await makeUser(database.db);
    const apiKey = freshKey();
    await database.db.insert(runcrateKeys).values({
      userId: user.id,
      teamId: (await personalTeam(database.db, user.id)).teamId,
      label: "old",
      ...seal(apiKey, oldSecret, 1),
      last4: apiKey.slice(-4),
      isActive: true,
    });

    const run = (env: Record<string, string>) =>
      promisify(execFile)("npm", ["run", "-s", "keys:reseal"], {
        env: { ...process.env, DATABASE_URL: pg.url, ...env },
        timeout: 120_000,
      });
    const out = await run({
      CLUSTERDECK_ENCRYPTION_KEY: newSecret.toString("base64"),
      CLUSTERDECK_ENCRYPTION_KEY_PREVIOUS: oldSecret.toString("base64"),
    });
    expect(out.stdout).toContain("1 stored keys checked, 1 re-sealed, 0 unreadable.");
    expect(out.stdout + out.stderr).not.toContain(apiKey);

    const active = await getActiveKeySecret(database.db, user.id, { current: newSecret, previous: [] });
    expect(active?.apiKey).toBe(apiKey);
    const [row] = await database.db.select().from(runcrateKeys);
    expect(row!.keyVersion).toBe(2);

    // Without the previous secret a second run finds nothing left to do.
    const again = await run({ CLUSTERDECK_ENCRYPTION_KEY: newSecret.toString("base64") });
    expect(again.stdout).toContain("1 stored keys checked, 0 re-sealed, 0 unreadable.");
  }, 180_000);
});
