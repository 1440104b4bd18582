import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import pkg from "@/package.json";

export type Health = { ok: boolean; version: string; database: "ok" | "error"; runcrate: "ok" | "error" };

const RUNCRATE_PROBE_TIMEOUT_MS = 2_000;

/**
 * Liveness for load balancers. `ok` (and the 200) follows the database only: when the Runcrate API is down every
 * instance is equally affected, and pulling them all from rotation would turn an upstream outage into our own.
 * The API's reachability is still reported, probed without any key.
 */
export async function checkHealth(): Promise<Health> {
  const [database, runcrate] = await Promise.all([checkDatabase(), checkRuncrate()]);
  return { ok: database === "ok", version: pkg.version, database, runcrate };
}

async function checkDatabase(): Promise<"ok" | "error"> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return "ok";
  } catch (err) {
    console.error(`[health] database check failed: ${err instanceof Error ? err.message : "unknown error"}`);
    return "error";
  }
}

/** Any HTTP answer (even 401 for the missing key) means the API is reachable; only network failures count. */
async function checkRuncrate(): Promise<"ok" | "error"> {
  try {
    const base = env().RUNCRATE_API_URL.replace(/\/+$/, "");
    const res = await fetch(`${base}/billing/balance`, {
      method: "GET",
      signal: AbortSignal.timeout(RUNCRATE_PROBE_TIMEOUT_MS),
      cache: "no-store",
      redirect: "manual",
    });
    await res.body?.cancel();
    return res.status >= 500 ? "error" : "ok";
  } catch {
    return "error";
  }
}
