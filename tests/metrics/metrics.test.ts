import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { checkCredentials } from "@/lib/accounts/server/credentials";
import { isSessionCurrent, revokeSessions } from "@/lib/accounts/server/session-version";
import { hashPassword } from "@/lib/accounts/server/password";
import { getDatabase, getDb, type Database } from "@/lib/server/db/client";
import { createUser } from "@/lib/accounts/server/users";
import { countedHandler } from "@/lib/server/jobs/engine";
import { bearerMatches, metricsResponse } from "@/lib/server/metrics/endpoint";
import { metrics } from "@/lib/server/metrics/registry";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { createCoalescer } from "@/lib/runcrate/server/coalesce";
import { startScriptedServer, error, json, type ScriptedServer } from "@/tests/support/scripted-server";
import { TEST_KEY, cluster } from "@/tests/support/runcrate-bodies";
import { BACKENDS } from "../db/support/backends";
import { seedDataDir } from "../support/pglite-template";

/** Running in production: GET /api/metrics, and what the server counts into it. */

const TOKEN = "metrics-test-token-0123456789";

async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = metrics().registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const got = await metric.get();
  const match = got.values.filter((v) =>
    Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want),
  );
  return match.reduce((sum, v) => sum + v.value, 0);
}

const scrape = (authorization?: string) =>
  metricsResponse(new Request("http://x/api/metrics", { headers: authorization ? { authorization } : {} }));

describe("GET /api/metrics", () => {
  const before = process.env.METRICS_TOKEN;
  afterEach(() => {
    if (before === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = before;
  });

  it("is off (404) without METRICS_TOKEN, and then only answers the right bearer token", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    const refused = await scrape();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    const text = await ok.text();
    for (const name of [
      "clusterdeck_upstream_requests_total",
      "clusterdeck_upstream_request_duration_seconds",
      "clusterdeck_upstream_retries_total",
      "clusterdeck_upstream_schema_mismatches_total",
      "clusterdeck_reads_total",
      "clusterdeck_http_request_duration_seconds",
      "clusterdeck_active_sessions",
      "clusterdeck_sign_in_failures_total",
      "clusterdeck_sign_in_lockouts_total",
      "clusterdeck_job_queue_depth",
      "clusterdeck_jobs_total",
      "process_cpu_user_seconds_total",
      "nodejs_heap_size_used_bytes",
    ])
      expect(text).toContain(`# TYPE ${name}`);
  });

  it("compares the token whole: no prefix, no empty token", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches("Bearer ", TOKEN)).toBe(false);
    expect(bearerMatches(null, TOKEN)).toBe(false);
  });
});

describe("upstream calls", () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer();
  });
  afterEach(async () => server.close());

  it("counts attempts by endpoint template and status, retries, and schema mismatches — never the concrete id", async () => {
    const id = "3c90c3cc-0d44-4b50-8888-8dd25736052a";
    const labels = { method: "GET", endpoint: "/clusters/{id}" };
    const before = {
      s503: await value("clusterdeck_upstream_requests_total", { ...labels, status: "503" }),
      s200: await value("clusterdeck_upstream_requests_total", { ...labels, status: "200" }),
      retries: await value("clusterdeck_upstream_retries_total", { ...labels, reason: "server" }),
      mismatches: await value("clusterdeck_upstream_schema_mismatches_total", labels),
      timed: await value("clusterdeck_upstream_request_duration_seconds", labels),
    };
    server.script(
      error(503, "unavailable", "later"),
      json(200, { data: cluster({ id }) }),
      json(200, { data: { id, status: 17 } }),
    );
    const client = createRuncrateClient({
      apiKey: TEST_KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 1_000,
      retryBaseDelayMs: 5,
    });
    await client.getCluster(id);
    await expect(client.getCluster(id)).rejects.toMatchObject({ kind: "bad_response" });

    expect(await value("clusterdeck_upstream_requests_total", { ...labels, status: "503" })).toBe(
      before.s503 + 1,
    );
    expect(await value("clusterdeck_upstream_requests_total", { ...labels, status: "200" })).toBe(
      before.s200 + 2,
    );
    expect(await value("clusterdeck_upstream_retries_total", { ...labels, reason: "server" })).toBe(
      before.retries + 1,
    );
    expect(await value("clusterdeck_upstream_schema_mismatches_total", labels)).toBe(before.mismatches + 1);
    // The histogram's _count series (the sum over its statuses) grew by the three attempts.
    const hist = await metrics()
      .registry.getSingleMetric("clusterdeck_upstream_request_duration_seconds")!
      .get();
    const count = hist.values
      .filter(
        (v) =>
          (v as { metricName?: string }).metricName?.endsWith("_count") &&
          v.labels.endpoint === "/clusters/{id}",
      )
      .reduce((s, v) => s + v.value, 0);
    expect(count).toBeGreaterThanOrEqual(3);

    const text = await metrics().registry.metrics();
    expect(text).not.toContain(id);
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toContain("rc_live_");
  });

  it("counts coalesced reads apart from the ones that went upstream", async () => {
    const c = createCoalescer();
    const up = await value("clusterdeck_reads_total", { source: "upstream" });
    const shared = await value("clusterdeck_reads_total", { source: "coalesced" });
    let calls = 0;
    const read = () => new Promise<number>((r) => setTimeout(() => r(++calls), 20));
    await Promise.all([c.run("k", read), c.run("k", read), c.run("k", read)]);
    expect(calls).toBe(1);
    expect(await value("clusterdeck_reads_total", { source: "upstream" })).toBe(up + 1);
    expect(await value("clusterdeck_reads_total", { source: "coalesced" })).toBe(shared + 2);
  });
});

describe.each(BACKENDS.slice(0, 1))("sessions and sign-in on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("counts sign-in failures and lockouts, never by account", async () => {
    const email = `metrics-${Date.now()}@example.com`;
    await createUser(database.db, {
      email,
      name: null,
      passwordHash: await hashPassword("the right password"),
    });
    const invalid = await value("clusterdeck_sign_in_failures_total", { reason: "invalid" });
    const locked = await value("clusterdeck_sign_in_failures_total", { reason: "locked" });
    const lockouts = await value("clusterdeck_sign_in_lockouts_total");
    const attempt = () => checkCredentials(database.db, { email, password: "not the password" }, "10.9.9.9");
    for (let i = 0; i < 5; i++) await attempt();
    expect(await value("clusterdeck_sign_in_failures_total", { reason: "invalid" })).toBe(invalid + 5);
    expect(await value("clusterdeck_sign_in_lockouts_total")).toBe(lockouts + 1);
    expect(await attempt()).toMatchObject({ reason: "rate_limited" });
    expect(await value("clusterdeck_sign_in_failures_total", { reason: "locked" })).toBe(locked + 1);
    expect(await metrics().registry.metrics()).not.toContain(email);
  }, 60_000);
});

describe("active sessions and job outcomes", () => {
  it("counts distinct users with a current session, drops a revoked one, and exports only the number", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "clusterdeck-metrics-"));
    seedDataDir(dir);
    const prev = { data: process.env.DATA_DIR, url: process.env.DATABASE_URL };
    process.env.DATA_DIR = dir;
    delete process.env.DATABASE_URL;
    const gauge = async () => Number((await scrapeText()).match(/^clusterdeck_active_sessions (\d+)/m)?.[1]);
    try {
      const db = await getDb();
      const made = async (email: string) => {
        const r = await createUser(db, { email, name: null, passwordHash: "h" });
        if (!r.ok) throw new Error(r.reason);
        return r.user;
      };
      const a = await made(`a-${Date.now()}@example.com`);
      const b = await made(`b-${Date.now()}@example.com`);
      const start = await gauge();
      // Version 0 is current for a new user; two reads of one user are one session holder.
      expect(await isSessionCurrent(a.id, 0)).toBe(true);
      expect(await isSessionCurrent(a.id, 0)).toBe(true);
      expect(await isSessionCurrent(b.id, 0)).toBe(true);
      // A stale version is not counted.
      expect(await isSessionCurrent(b.id, 5)).toBe(false);
      expect(await gauge()).toBe(start + 2);
      await revokeSessions(db, a.id);
      expect(await gauge()).toBe(start + 1);
      const text = await scrapeText();
      expect(text).not.toContain(a.id);
      expect(text).not.toContain(b.id);
      await (await getDatabase()).close();
    } finally {
      processSingleton<{ open?: unknown }>("database", () => ({})).open = undefined;
      if (prev.data === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = prev.data;
      if (prev.url !== undefined) process.env.DATABASE_URL = prev.url;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("counts a queue's completed and failed jobs", async () => {
    const done = await value("clusterdeck_jobs_total", { queue: "test-queue", outcome: "completed" });
    const failed = await value("clusterdeck_jobs_total", { queue: "test-queue", outcome: "failed" });
    await countedHandler("test-queue", async () => {})([{}, {}]);
    await expect(
      countedHandler("test-queue", async () => {
        throw new Error("no");
      })([{}]),
    ).rejects.toThrow("no");
    expect(await value("clusterdeck_jobs_total", { queue: "test-queue", outcome: "completed" })).toBe(
      done + 2,
    );
    expect(await value("clusterdeck_jobs_total", { queue: "test-queue", outcome: "failed" })).toBe(
      failed + 1,
    );
  });
});

async function scrapeText(): Promise<string> {
  process.env.METRICS_TOKEN = TOKEN;
  try {
    return await (await scrape(`Bearer ${TOKEN}`)).text();
  } finally {
    delete process.env.METRICS_TOKEN;
  }
}
