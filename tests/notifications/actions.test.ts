import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/accounts/server/session";
import { seedDataDir } from "../support/pglite-template";

/**
 * The webhook and inbox server actions as the browser calls them: a URL at 127.0.0.1 (or the metadata address) is
 * refused unless the operator sets WEBHOOK_ALLOW_PRIVATE=1; bad input changes nothing; the secret comes back once.
 */

const env = vi.hoisted(() => {
  process.env.CLUSTERDECK_ENCRYPTION_KEY = Buffer.alloc(32, 5).toString("base64");
  return { session: null as SessionUser | null, revalidated: [] as string[] };
});
// Outside a Next request there is no page to refresh: record which ones an action asks for.
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => void env.revalidated.push(path) }));

// A test send needs the job engine only to queue; here the queueing is counted instead.
const queued = vi.hoisted(() => ({ tests: 0 }));
vi.mock("@/lib/server/jobs/process-engine", () => ({ processEngine: async () => ({ boss: null }) }));
vi.mock("@/lib/notifications/server/test-delivery", () => ({
  sendTestDelivery: async () => {
    queued.tests++;
    return "queued";
  },
}));

vi.mock("@/lib/accounts/server/session", () => ({
  getSessionUser: async () => env.session,
  requireUser: async () => {
    if (!env.session) throw new Error("redirect /sign-in");
    return env.session;
  },
}));

let dataDir: string;
let actions: typeof import("@/lib/notifications/actions");
let store: typeof import("@/lib/notifications/server/webhooks-store");
let getDb: typeof import("@/lib/server/db/client").getDb;
let alice: SessionUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "clusterdeck-notify-actions-"));
  seedDataDir(dataDir);
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  actions = await import("@/lib/notifications/actions");
  store = await import("@/lib/notifications/server/webhooks-store");
  ({ getDb } = await import("@/lib/server/db/client"));
  const { createUser } = await import("@/lib/accounts/server/users");
  const made = await createUser(await getDb(), {
    email: "alice@example.com",
    name: null,
    passwordHash: null,
  });
  if (!made.ok) throw new Error("user");
  alice = { id: made.user.id, email: made.user.email, name: null };
});
afterAll(async () => {
  const { getDatabase } = await import("@/lib/server/db/client");
  await (await getDatabase()).close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  env.session = alice;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

const input = (url: string) => ({ url, events: ["cluster-ready" as const], format: "json" as const });

describe("adding a webhook", () => {
  it("refuses 127.0.0.1, localhost and the metadata address without WEBHOOK_ALLOW_PRIVATE; saves nothing", async () => {
    for (const url of [
      "http://127.0.0.1:9000/hook",
      "http://localhost:9000/hook",
      "http://169.254.169.254/x",
    ]) {
      const r = await actions.addWebhook(input(url));
      expect(r.ok, url).toBe(false);
      if (!r.ok) {
        expect(r.kind).toBe("invalid-input");
        expect(r.fieldErrors?.url).toMatch(/private, loopback or link-local/);
      }
    }
    expect(await store.listWebhooks(await getDb(), alice.id)).toEqual([]);
  });

  it("accepts the local receiver when the operator sets WEBHOOK_ALLOW_PRIVATE=1, and returns the secret once", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const r = await actions.addWebhook(input("http://127.0.0.1:9000/hook"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.secret).toMatch(/^whsec_/);
    const list = await store.listWebhooks(await getDb(), alice.id);
    expect(list.map((w) => w.url)).toEqual(["http://127.0.0.1:9000/hook"]);
    expect(JSON.stringify(list)).not.toContain(r.data.secret);
    expect((await actions.removeWebhook({ id: r.data.id })).ok).toBe(true);
  });

  it("says what is wrong with bad input, and needs a session", async () => {
    const none = await actions.addWebhook({ ...input("https://example.com/x"), events: [] });
    expect(none).toMatchObject({ ok: false, kind: "invalid-input", error: "Pick at least one event." });
    const bogus = await actions.addWebhook({ ...input("https://example.com/x"), events: ["nope" as never] });
    expect(bogus.ok).toBe(false);
    const bad = await actions.saveNotificationPrefs({ inbox: [], email: [], balanceLowHours: -1 });
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: { balanceLowHours: "At least 0.25 h (15 minutes)." },
    });
    env.revalidated.length = 0;
    expect(await actions.markNotificationsRead({ ids: null })).toMatchObject({ ok: true });
    // The inbox is a server-rendered page: the action refreshes it, the browser does not.
    expect(env.revalidated).toEqual(["/settings/inbox"]);
    env.session = null;
    expect(await actions.markNotificationsRead({ ids: null })).toMatchObject({
      ok: false,
      kind: "unauthenticated",
    });
    expect(await actions.addWebhook(input("https://example.com/x"))).toMatchObject({
      ok: false,
      kind: "unauthenticated",
    });
  });

  it("another user's webhook cannot be deleted or tested", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const r = await actions.addWebhook(input("http://127.0.0.1:9000/other"));
    if (!r.ok) throw new Error(r.error);
    env.session = { id: crypto.randomUUID(), email: "mallory@example.com", name: null };
    expect(await actions.removeWebhook({ id: r.data.id })).toMatchObject({ ok: false, kind: "not_found" });
    env.session = alice;
    expect(await store.listWebhooks(await getDb(), alice.id)).toHaveLength(1);
  });
});

describe("per-user allowances", () => {
  async function newUser(email: string): Promise<SessionUser> {
    const { createUser } = await import("@/lib/accounts/server/users");
    const made = await createUser(await getDb(), { email, name: null, passwordHash: null });
    if (!made.ok) throw new Error("user");
    return { id: made.user.id, email, name: null };
  }

  it("past ten webhook URLs in an hour (refused ones count: each is a DNS lookup) the next is refused and saves nothing; another user may still add", async () => {
    env.session = await newUser("carol@example.com");
    for (let i = 0; i < 10; i++) {
      expect(await actions.addWebhook(input(`http://10.0.0.${i}/hook`))).toMatchObject({
        kind: "invalid-input",
      });
    }
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const refused = await actions.addWebhook(input("http://127.0.0.1:9000/hook"));
    expect(refused).toMatchObject({ ok: false, kind: "rate_limited" });
    if (refused.ok) return;
    expect(refused.error).toMatch(/too often.*Try again in \d+ minutes?\./);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await store.listWebhooks(await getDb(), env.session.id)).toEqual([]);

    env.session = await newUser("dave@example.com");
    expect(await actions.addWebhook(input("http://127.0.0.1:9000/hook"))).toMatchObject({ ok: true });
  });

  it("past ten test sends in ten minutes the next queues nothing", async () => {
    env.session = await newUser("erin@example.com");
    const id = crypto.randomUUID();
    const before = queued.tests;
    for (let i = 0; i < 10; i++) expect(await actions.sendWebhookTest({ id })).toMatchObject({ ok: true });
    expect(await actions.sendWebhookTest({ id })).toMatchObject({ ok: false, kind: "rate_limited" });
    expect(queued.tests - before).toBe(10);
  });

  it("past sixty preference saves in ten minutes the next is refused and the saved ones stand", async () => {
    env.session = await newUser("frank@example.com");
    const { getPrefs } = await import("@/lib/notifications/server/store");
    for (let i = 0; i < 60; i++) {
      expect(
        await actions.saveNotificationPrefs({ inbox: [], email: [], balanceLowHours: 1 + i }),
      ).toMatchObject({
        ok: true,
      });
    }
    const refused = await actions.saveNotificationPrefs({ inbox: [], email: [], balanceLowHours: 100 });
    expect(refused).toMatchObject({ ok: false, kind: "rate_limited" });
    expect((await getPrefs(await getDb(), env.session.id)).balanceLowHours).toBe(60);
  });
});
