/**
 * What the exactly-once tests and the guardian bench set up the same way: a guardian worker process (`npm run
 * worker`'s entry, the code every app server runs in itself) on a given database and simulator, a funded stored key,
 * and clusters launched on the simulator and tracked by the console.
 */
import path from "node:path";
import type { Db } from "@/lib/server/db/client";
import { trackCluster } from "@/lib/spend/server/tracked-clusters";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import type { Cluster } from "@/lib/runcrate/schemas";
import { start, type Proc } from "./proc";
import { simClient } from "./sim-client";

type Sim = { url: string; apiUrl: string };

/** Starts a worker process; `env` adds to (or overrides) the variables every worker needs. */
export function startWorker(
  name: string,
  o: { databaseUrl: string; sim: Sim; enc: Buffer; env?: Record<string, string> },
): Proc {
  return start(
    name,
    path.join(process.cwd(), "node_modules/.bin/tsx"),
    ["--conditions=react-server", "scripts/worker.ts"],
    {
      cwd: process.cwd(),
      env: {
        DATABASE_URL: o.databaseUrl,
        RUNCRATE_API_URL: o.sim.apiUrl,
        CLUSTERDECK_ENCRYPTION_KEY: o.enc.toString("base64"),
        AUTH_SECRET: "test-only-auth-secret-for-guardian-workers",
        LOG_LEVEL: "warn",
        ...o.env,
      },
    },
  );
}

/** Stores a new key for the user, sealed with `enc`, and gives it `credits` on the simulator. */
export async function fundedKey(
  db: Db,
  sim: Sim,
  o: { userId: string; enc: Buffer; tag: string; credits: number },
): Promise<{ apiKey: string; keyId: string }> {
  const apiKey = `rc_live_${Date.now().toString(36)}${o.tag}0123456789`;
  const added = await addKey(
    db,
    o.userId,
    { label: "team", environment: null, apiKey },
    { current: o.enc, previous: [] },
  );
  if (!added.ok) throw new Error("the key was not stored");
  await simClient(sim.url).setBalance(apiKey, o.credits);
  return { apiKey, keyId: added.key.id };
}

/** Launches `count` two-node clusters named `<prefix><i>` on the simulator and tracks each for the user. */
export async function launchTracked(
  db: Db,
  sim: Sim,
  o: { apiKey: string; userId: string; keyId: string; count: number; prefix: string },
): Promise<Cluster[]> {
  const out: Cluster[] = [];
  for (let i = 0; i < o.count; i++) {
    const res = await fetch(`${sim.apiUrl}/clusters`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${o.apiKey}`,
        "content-type": "application/json",
        "idempotency-key": `${o.prefix}-${i}-${Date.now()}`,
      },
      body: JSON.stringify({
        name: `${o.prefix}${i}`,
        offer_id: "h100-sxm-8x-ib-dallas",
        node_count: 2,
        stack: "none",
      }),
    });
    if (res.status !== 201) throw new Error(`POST /clusters answered ${res.status}`);
    const c = ((await res.json()) as { data: Cluster }).data;
    await trackCluster(db, {
      clusterId: c.id,
      userId: o.userId,
      keyId: o.keyId,
      name: c.name,
      environment: null,
      status: c.status,
    });
    out.push(c);
  }
  return out;
}
