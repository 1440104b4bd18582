import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import pkg from "@/package.json";
import { errorSummary } from "@/lib/server/db/errors";
import { isShuttingDown } from "@/lib/server/shutdown";
import { log } from "@/lib/server/log";

export type Health = {
  ok: boolean;
  version: string;
  database: "ok" | "error";
  runcrate?: "ok" | "error";
  /** Only on the readiness check: false while shutting down or without a database. */
  ready?: boolean;
  shuttingDown?: boolean;
};

const RUNCRATE_PROBE_TIMEOUT_MS = 2_000;
/** How long one upstream probe answers every deep check: anonymous callers can't turn health into upstream load. */
export const RUNCRATE_PROBE_CACHE_MS = 5_000;

/**
 * Liveness for load balancers. `ok` (and the 200) follows the database only: when the Runcrate API is down every
 * instance is equally affected, and pulling them all from rotation would turn an upstream outage into our own.
 * The plain check never calls upstream; `deep` adds the API's reachability, probed without any key, at most once
 * per RUNCRATE_PROBE_CACHE_MS per process however many ask (concurrent callers share one probe).
 */
export async function checkHealth(opts: { deep?: boolean; ready?: boolean } = {}): Promise<Health> {
  if (opts.ready) return checkReady();
  if (!opts.deep) {
    const database = await checkDatabase();
    return { ok: database === "ok", version: pkg.version, database };
  }
  const [database, runcrate] = await Promise.all([checkDatabase(), cachedRuncrateProbe()]);
  return { ok: database === "ok", version: pkg.version, database, runcrate };
}

/**
 * Readiness (`?ready=1`), for a load balancer's traffic decision: false from SIGTERM on (lib/server/shutdown.ts) and
 * when the database does not answer. The upstream is probed too (the same cached probe as `deep`) and reported, but
 * does not make an instance unready: every instance shares the one Runcrate API, and taking them all out of rotation
 * would replace the console's own "Runcrate is unreachable" message with the load balancer's error page.
 */
async function checkReady(): Promise<Health> {
  if (isShuttingDown())
    return { ok: false, ready: false, shuttingDown: true, version: pkg.version, database: "ok" };
  const [database, runcrate] = await Promise.all([checkDatabase(), cachedRuncrateProbe()]);
  const ready = database === "ok" && !isShuttingDown();
  return {
    ok: ready,
    ready,
    version: pkg.version,
    database,
    runcrate,
    ...(ready ? {} : { shuttingDown: isShuttingDown() }),
  };
}

const yes = (v: string | null) => v === "1" || v === "true";

/** `?deep=1` (or `true`) asks for the upstream part too. */
export function wantsDeepHealth(url: URL): boolean {
  return yes(url.searchParams.get("deep"));
}

/** `?ready=1` (or `true`) asks for readiness. */
export function wantsReadiness(url: URL): boolean {
  return yes(url.searchParams.get("ready"));
}

async function checkDatabase(): Promise<"ok" | "error"> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return "ok";
  } catch (err) {
    log.child({ area: "health" }).error({ err: errorSummary(err) }, "database check failed");
    return "error";
  }
}

type Probe = { at: number; result: Promise<"ok" | "error"> };
const probeSlot = () => processSingleton("runcrate-probe", (): { last?: Probe } => ({}));

function cachedRuncrateProbe(now = Date.now()): Promise<"ok" | "error"> {
  const slot = probeSlot();
  const cached = slot.last;
  if (cached && now - cached.at < RUNCRATE_PROBE_CACHE_MS) return cached.result;
  const result = checkRuncrate();
  slot.last = { at: now, result };
  return result;
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
