import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { listInbox } from "@/lib/notifications/server/inbox";
import { setLimits } from "@/lib/limits/server/cluster-limits";
import { guardRef, trackCluster } from "@/lib/spend/server/tracked-clusters";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { notificationDeliveries } from "@/lib/server/db/schema";
import { runGuard, type GuardDeps } from "@/lib/limits/server/guard";
import { createWebhook } from "@/lib/notifications/server/webhooks-store";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { RESULT_TTL_MS } from "@/lib/runcrate/server/coalesce";
import { BACKENDS } from "../db/support/backends";
import { makeUser, SECRET } from "../db/support/fixtures";
import { startHarness, type Harness } from "../sim/support/sim-harness";

/**
 * The guardian's runs against the simulator produce notifications (with its default notifier: recorded per channel,
 * sent by the delivery worker): a limit's auto-termination is one inbox entry (the spending limits', written with the audit
 * entry) and one webhook delivery carrying the final cost, however many runs see the cluster end.
 */

describe.each(BACKENDS)("guard notifications on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let h: Harness;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
    await dispose();
  });

  it("auto-terminated at a limit: one inbox entry, one delivery with the final cost, through repeated runs", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const apiKey = h.newKey();
    const added = await addKey(db, user.id, { label: "team", environment: null, apiKey }, SECRET);
    if (!added.ok) throw new Error("key");
    await h.control.setBalance(apiKey, 100_000);
    const hook = await createWebhook(
      db,
      user.id,
      { url: "https://hooks.example.com/x", events: ["auto-terminated", "limit-warning"], format: "json" },
      SECRET,
    );
    if ("error" in hook) throw new Error(hook.error);
    const cluster = await h.createReady(apiKey);
    await trackCluster(db, {
      clusterId: cluster.id,
      userId: user.id,
      keyId: added.key.id,
      name: cluster.name,
      environment: null,
      status: cluster.status,
    });
    const ref = guardRef(added.key.id, cluster.id);
    await setLimits(db, ref, { timeLimitMinutes: 1, budgetLimit: null });
    const d: GuardDeps = {
      db,
      now: () => h.control.now(),
      intervalMs: 30_000,
      clientFor: async () => ({
        key: { id: added.key.id, label: "team", environment: null },
        client: createRuncrateClient({ apiKey, baseUrl: h.sim.apiUrl, retryBaseDelayMs: 5 }),
      }),
    };
    await h.control.advance(120);
    expect((await runGuard(d, ref)).outcome).toBe("enforced");
    for (let i = 0; i < 3; i++) {
      await h.control.advance(60);
      await sleep(RESULT_TTL_MS + 50);
      await Promise.all([runGuard(d, ref), runGuard(d, ref)]);
    }
    const inbox = (await listInbox(db, user.id)).filter((e) => e.kind === "auto-terminated");
    expect(inbox).toHaveLength(1);
    const rows = await db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.webhookId, hook.webhook.id));
    const auto = rows.filter((r) => r.eventType === "auto-terminated");
    expect(auto).toHaveLength(1);
    expect(auto[0]!.payload.details).toMatchObject({ terminatedBy: "limit", reason: "time limit reached" });
    expect(auto[0]!.payload.cost?.total).toBeGreaterThan(0);
    expect(auto[0]!.payload.message).toMatch(/terminated by Clusterdeck: time limit reached\. Final cost/);
    // The warning came first (a 1-minute limit is inside the warning window), once.
    expect(rows.filter((r) => r.eventType === "limit-warning").length).toBeLessThanOrEqual(1);
  });
});
