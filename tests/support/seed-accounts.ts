/**
 * The e2e suite's ready-made accounts, written into the app's database before its server starts (the e2e webServer
 * in tests/support/playwright-config.ts runs this between the build and `node server.mjs`; with the embedded
 * database the server holds the folder alone once it runs, so nothing can be added later).
 *
 *   tsx --conditions=react-server tests/support/seed-accounts.ts <pool folder>
 *
 * Each account is made with the app's own functions, the ones the sign-up form and the key dialog call (createUser
 * with hashPassword, addKey with the key ring), so it is stored exactly as a person's would be. Signing up and adding
 * a key through the pages costs a browser test seconds; the journeys that are about those pages
 * (tests/e2e/accounts.spec.ts, teams.spec.ts, the a11y walk) still go through them. The pool is written to
 * `<pool folder>/accounts.json`; tests/support/accounts.ts hands each account out once.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashPassword } from "@/lib/accounts/server/password";
import { createUser } from "@/lib/accounts/server/users";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { storeOrigin } from "@/lib/server/mail-origin";
import { openDatabase } from "@/lib/server/db/client";
import { dataDir, env } from "@/lib/server/env";
import { SEEDED_LABEL, seededPool, type SeededPool } from "./seeded-pool";

/** More than the suite uses (about 45 with a key, 10 without); a test that finds the pool empty says so. */
const WITH_KEY = Number(process.env.E2E_SEEDED_WITH_KEY ?? 80);
const WITHOUT_KEY = Number(process.env.E2E_SEEDED_WITHOUT_KEY ?? 30);

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder)
    throw new Error("usage: tsx --conditions=react-server tests/support/seed-accounts.ts <pool folder>");
  const pool: SeededPool = seededPool(WITH_KEY, WITHOUT_KEY);
  const { DATABASE_URL } = env();
  const database = await openDatabase({
    url: DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir(), "pglite"),
  });
  try {
    const ring = keyRing();
    // Every account has its own password, hashed once here at the cost the server is given (PASSWORD_SCRYPT_N).
    // The administrator first: the instance's oldest account is its administrator.
    for (const account of [pool.admin, ...pool.withKey, ...pool.withoutKey]) {
      const created = await createUser(database.db, {
        email: account.email,
        name: null,
        passwordHash: await hashPassword(account.password),
      });
      if (!created.ok) throw new Error(`${account.email} exists already: the pool needs an empty database`);
      // The origin the administrator's first sign-in keeps for links in mail (lib/server/mail-origin.ts).
      if (account === pool.admin && process.env.E2E_APP_ORIGIN)
        await storeOrigin(database.db, process.env.E2E_APP_ORIGIN, created.user.id);
      if (account.key) {
        const saved = await addKey(
          database.db,
          created.user.id,
          { label: SEEDED_LABEL, environment: null, apiKey: account.key },
          ring,
        );
        if (!saved.ok) throw new Error(`could not save the key of ${account.email}: ${saved.reason}`);
      }
    }
  } finally {
    await database.close();
  }
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "accounts.json"), JSON.stringify(pool));
  console.log(
    `[seed-accounts] ${pool.withKey.length} accounts with a key and ${pool.withoutKey.length} without, in ${folder}`,
  );
}

main().catch((err: unknown) => {
  console.error(`[seed-accounts] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
