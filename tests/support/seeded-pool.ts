/**
 * The pool of ready-made e2e accounts (tests/support/seed-accounts.ts writes it, tests/support/accounts.ts hands it
 * out): what an account is, how a pool is made, and how a test claims one that no other test, in any worker, has had.
 */
import { randomBytes } from "node:crypto";
import { openSync, closeSync, readFileSync } from "node:fs";
import path from "node:path";
import { freshKey } from "./sim-client";

/** The label of a seeded account's key, the one signUpWithKey gives by default. */
export const SEEDED_LABEL = "Personal";

export type SeededAccount = { email: string; password: string; key: string | null };
/** `admin` is made first, so it is the instance's administrator (its oldest account); shared, never claimed. */
export type SeededPool = { admin: SeededAccount; withKey: SeededAccount[]; withoutKey: SeededAccount[] };

function account(kind: string, i: number, key: string | null): SeededAccount {
  const run = randomBytes(4).toString("hex");
  return {
    email: `seeded-${kind}-${i}-${run}@example.com`,
    password: `seeded ${randomBytes(12).toString("hex")}`,
    key,
  };
}

export function seededPool(withKey: number, withoutKey: number): SeededPool {
  return {
    admin: account("admin", 0, null),
    withKey: Array.from({ length: withKey }, (_, i) => account("key", i, freshKey())),
    withoutKey: Array.from({ length: withoutKey }, (_, i) => account("nokey", i, null)),
  };
}

const pools = new Map<string, SeededPool>();
const cursors = new Map<string, number>();

/** The pool written in `folder`, read once per process. */
function readPool(folder: string): SeededPool {
  let pool = pools.get(folder);
  if (!pool) {
    const file = path.join(folder, "accounts.json");
    try {
      pool = JSON.parse(readFileSync(file, "utf8")) as SeededPool;
    } catch (err) {
      throw new Error(
        `no seeded accounts at ${file} (the e2e webServer writes them before the app starts): ${String(err)}`,
      );
    }
    pools.set(folder, pool);
  }
  return pool;
}

/** The instance's administrator of the pool in `folder` (its first account): every test may sign in as it. */
export function seededAdmin(folder: string): SeededAccount {
  return readPool(folder).admin;
}

/**
 * The next unclaimed account of the pool in `folder`. A claim is a file made with O_EXCL beside the pool, so two
 * workers never get the same account; the cursor only saves this process from retrying claims it has seen fail.
 */
export function claimSeeded(folder: string, withKey: boolean): SeededAccount {
  const pool = readPool(folder);
  const kind = withKey ? "withKey" : "withoutKey";
  const list = pool[kind];
  const cursorKey = `${folder}:${kind}`;
  for (let i = cursors.get(cursorKey) ?? 0; i < list.length; i++) {
    try {
      closeSync(openSync(path.join(folder, `claimed-${kind}-${i}`), "wx"));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw err;
    }
    cursors.set(cursorKey, i + 1);
    return list[i]!;
  }
  throw new Error(
    `every seeded account ${withKey ? "with" : "without"} a key is taken (${list.length}): raise E2E_SEEDED_${withKey ? "WITH" : "WITHOUT"}_KEY`,
  );
}
