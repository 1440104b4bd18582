import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeRuncrate, type FakeRuncrate } from "../auth/support/fake-runcrate";
import { seedDataDir } from "../support/pglite-template";

let api: FakeRuncrate;
let dataDir: string;
let health: typeof import("@/lib/server/health");
let route: typeof import("@/app/api/health/route");

beforeAll(async () => {
  api = await startFakeRuncrate();
  dataDir = mkdtempSync(path.join(tmpdir(), "cd-health-"));
  seedDataDir(dataDir);
  process.env.DATA_DIR = dataDir;
  process.env.RUNCRATE_API_URL = `${api.baseUrl}/api/v1`;
  delete process.env.DATABASE_URL;
  health = await import("@/lib/server/health");
  route = await import("@/app/api/health/route");
  // Opening (and migrating) the embedded database is the slow part; done once here.
  await (await import("@/lib/server/db/client")).getDb();
}, 120_000);
afterAll(async () => {
  const { getDatabase } = await import("@/lib/server/db/client");
  // The shutdown test below has closed it already.
  await (await getDatabase()).close().catch(() => {});
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (q = "") => {
  const res = await route.GET(new Request(`http://app.test/api/health${q}`));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("/api/health", () => {
  it("answers liveness from the database alone, never calling upstream", async () => {
    const before = api.seenKeys.length;
    for (let i = 0; i < 20; i++) {
      const r = await get();
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ok: true, version: expect.any(String), database: "ok" });
    }
    expect(api.seenKeys.length).toBe(before);
  });

  it("probes upstream for ?deep=1 at most once per few seconds, however many ask", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const before = api.seenKeys.length;
      const replies = await Promise.all(Array.from({ length: 10 }, () => get("?deep=1")));
      for (const r of replies)
        expect(r.body).toEqual({ ok: true, version: expect.any(String), database: "ok", runcrate: "ok" });
      for (let i = 0; i < 10; i++) await get("?deep=1");
      expect(api.seenKeys.length - before).toBe(1);
      // The probe never carries a key.
      expect(api.seenKeys.at(-1)).toBe("");

      // Once the cached answer is older than the window, the next deep check probes again and sees the outage.
      api.failWith = 503;
      vi.setSystemTime(Date.now() + health.RUNCRATE_PROBE_CACHE_MS + 1);
      const down = await get("?deep=1");
      expect(api.seenKeys.length - before).toBe(2);
      // Upstream trouble is reported, but the instance stays in rotation.
      expect(down).toEqual({
        status: 200,
        body: { ok: true, version: expect.any(String), database: "ok", runcrate: "error" },
      });
    } finally {
      api.failWith = null;
      vi.useRealTimers();
    }
  });

  it("answers readiness (?ready=1) from the database and the cached probe, and 503 from SIGTERM on", async () => {
    const ready = await get("?ready=1");
    expect(ready).toEqual({
      status: 200,
      // The probe's answer is reported (the previous test left an outage in its cache) but does not decide.
      body: { ok: true, ready: true, version: expect.any(String), database: "ok", runcrate: "error" },
    });
    const { installShutdown, shutdown, isShuttingDown } = await import("@/lib/server/shutdown");
    // The app's stop hook, as instrumentation.ts installs it. No request in flight and no job engine here: the
    // shutdown drains at once and the hook closes the database.
    installShutdown();
    expect(await shutdown("SIGTERM", { graceMs: 1_000 })).toBe(0);
    expect(isShuttingDown()).toBe(true);
    const draining = await get("?ready=1");
    expect(draining.status).toBe(503);
    expect(draining.body).toMatchObject({ ok: false, ready: false, shuttingDown: true });
  });
});
