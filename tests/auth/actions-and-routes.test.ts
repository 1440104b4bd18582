import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { SessionUser } from "@/lib/accounts/server/session";
import type { LogLine } from "../support/log-capture";
import { freshKey } from "../support/sim-client";
import { startFakeRuncrate, type FakeRuncrate } from "./support/fake-runcrate";
import { seedDataDir } from "../support/pglite-template";

// The app reads its configuration once; point it at a temp embedded database and the fake API before any import.
const env = vi.hoisted(() => {
  const state = { session: null as SessionUser | null };
  process.env.CLUSTERDECK_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString("base64");
  return state;
});

// The session comes from Auth.js's cookie in a real request; here the test decides who is signed in.
// The account lookup behind it stays real (the database), so a memoised read context is exercised as in production.
vi.mock("@/lib/accounts/server/session", () => ({
  sessionUserId: async () => env.session?.id ?? null,
  // Route handlers read the session from the request they answer (session-token.test.ts tests the real parser): here
  // the signed-in user's request carries a test cookie naming them, and a request without it has no session.
  requestSessionUserId: async (req: Request) => {
    const id = /(?:^|; )test-session=([^;]+)/.exec(req.headers.get("cookie") ?? "")?.[1] ?? null;
    return id !== null && id === env.session?.id ? id : null;
  },
  loadSessionUser: async (id: string) => {
    const { getDb } = await import("@/lib/server/db/client");
    const { findUserById } = await import("@/lib/accounts/server/users");
    const u = await findUserById(await getDb(), id);
    return u ? { id: u.id, email: u.email, name: u.name } : null;
  },
  getSessionUser: async () => env.session,
  requireUser: async () => {
    if (!env.session) throw new Error("redirect /sign-in");
    return env.session;
  },
}));
// What the server logs, to check that failures are logged (under the request's id) and say nothing secret.
const logged = vi.hoisted(() => [] as LogLine[]);
vi.mock("@/lib/server/log", async (original) =>
  (await import("../support/log-capture")).capturedLog(await original(), logged),
);
// revalidatePath needs Next's request store; the header refresh it triggers is not under test here.
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let api: FakeRuncrate;
let dataDir: string;
let actions: typeof import("@/lib/keys/actions");
let keyed: typeof import("@/lib/keys/server/runcrate-action");
let signedIn: typeof import("@/lib/accounts/server/user-action");
let routes: typeof import("@/lib/handlers/route-handler");
let ctxModule: typeof import("@/lib/keys/server/runcrate-context");
let alice: SessionUser;
let bob: SessionUser;

const key = freshKey;

beforeAll(async () => {
  api = await startFakeRuncrate();
  dataDir = mkdtempSync(path.join(tmpdir(), "clusterdeck-actions-"));
  seedDataDir(dataDir);
  process.env.DATA_DIR = dataDir;
  process.env.RUNCRATE_API_URL = api.baseUrl;
  process.env.RUNCRATE_TIMEOUT_MS = "2000";
  delete process.env.DATABASE_URL;
  actions = await import("@/lib/keys/actions");
  keyed = await import("@/lib/keys/server/runcrate-action");
  signedIn = await import("@/lib/accounts/server/user-action");
  routes = await import("@/lib/handlers/route-handler");
  ctxModule = await import("@/lib/keys/server/runcrate-context");
  const { getDb } = await import("@/lib/server/db/client");
  const { createUser } = await import("@/lib/accounts/server/users");
  const db = await getDb();
  const make = async (email: string) => {
    const r = await createUser(db, { email, name: null, passwordHash: null });
    if (!r.ok) throw new Error("fixture");
    return { id: r.user.id, email: r.user.email, name: null };
  };
  alice = await make("alice@example.com");
  bob = await make("bob@example.com");
});

afterAll(async () => {
  const { getDatabase } = await import("@/lib/server/db/client");
  await (await getDatabase()).close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  env.session = null;
  api.failWith = null;
});

describe("key actions", () => {
  it("answer unauthenticated without a session, before looking at the input", async () => {
    expect(await actions.addKeyAction({ label: "x", environment: "", apiKey: "garbage" })).toEqual({
      ok: false,
      kind: "unauthenticated",
      error: signedIn.SIGNED_OUT_MESSAGE,
    });
    expect(api.seenKeys).toEqual([]);
  });

  it("reject a malformed key without calling Runcrate", async () => {
    env.session = alice;
    const result = await actions.addKeyAction({
      label: "Personal",
      environment: "",
      apiKey: "sk-proj-not-a-runcrate-key",
    });
    expect(result).toMatchObject({ ok: false, kind: "invalid-input" });
    expect(!result.ok && result.fieldErrors?.apiKey).toMatch(/rc_live_/);
    expect(api.seenKeys).toEqual([]);
  });

  it("reject a key Runcrate refuses (401) with a message about the key, and store nothing", async () => {
    env.session = alice;
    const revoked = key();
    api.revoked.add(revoked);
    const result = await actions.addKeyAction({ label: "Old", environment: "", apiKey: revoked });
    expect(result).toMatchObject({
      ok: false,
      kind: "unauthorized",
      fieldErrors: { apiKey: "Runcrate rejected this key." },
    });
    expect(!result.ok && result.error).toMatch(/rejected this key \(401\)/);
    expect(JSON.stringify(result)).not.toContain(revoked);
    const { listKeys } = await import("@/lib/keys/server/runcrate-keys");
    const { getDb } = await import("@/lib/server/db/client");
    expect(await listKeys(await getDb(), alice.id)).toEqual([]);
  });

  it("explain an API that fails (503) or cannot be reached, and store nothing", async () => {
    env.session = alice;
    api.failWith = 503;
    const down = await actions.addKeyAction({ label: "Down", environment: "", apiKey: key() });
    expect(down).toMatchObject({ ok: false, kind: "server" });
    expect(!down.ok && down.error).toMatch(/^The key was not saved/);
    api.failWith = null;

    // A port nobody listens on: the connection is refused.
    const { verifyRuncrateKey } = await import("@/lib/keys/server/verify-key");
    const refused = await verifyRuncrateKey(key(), null, {
      baseUrl: "http://127.0.0.1:9/api/v1",
      timeoutMs: 1000,
    });
    expect(refused?.kind).toBe("unreachable");
    expect(refused?.message).toMatch(/couldn't reach the Runcrate API/);
    const { getDb } = await import("@/lib/server/db/client");
    const { listKeys } = await import("@/lib/keys/server/runcrate-keys");
    expect(await listKeys(await getDb(), alice.id)).toEqual([]);
  });

  it("save a checked key for its owner only, returning nothing but label, environment and last 4", async () => {
    env.session = alice;
    const aliceKey = key();
    const result = await actions.addKeyAction({ label: "Personal", environment: "", apiKey: aliceKey });
    expect(result).toMatchObject({
      ok: true,
      data: { label: "Personal", environment: null, last4: aliceKey.slice(-4), isActive: true },
    });
    expect(JSON.stringify(result)).not.toContain(aliceKey.slice(0, -4));
    expect(api.seenKeys.at(-1)).toBe(aliceKey);
    // The same label twice is a field error.
    const again = await actions.addKeyAction({ label: "Personal", environment: "", apiKey: key() });
    expect(again).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { label: expect.stringMatching(/already have a key/) },
    });
  });

  it("never let user B activate, replace or delete user A's key, nor use it", async () => {
    env.session = alice;
    const aliceKey = key();
    const added = await actions.addKeyAction({ label: "Shared-name", environment: "", apiKey: aliceKey });
    if (!added.ok) throw new Error(added.error);
    env.session = bob;
    const id = added.data.id;
    for (const r of [
      await actions.activateKeyAction({ id }),
      await actions.deleteKeyAction({ id }),
      await actions.replaceKeyAction({ id, environment: "", apiKey: key() }),
    ]) {
      expect(r).toMatchObject({ ok: false, kind: "not_found" });
    }
    const ctx = await ctxModule.contextForUser(bob);
    expect(ctx.state).toBe("no-key");
    env.session = alice;
    const { getDb } = await import("@/lib/server/db/client");
    const { getActiveKeySecret } = await import("@/lib/keys/server/runcrate-keys");
    const { keyRing } = await import("@/lib/server/crypto/key-ring");
    const list = await getActiveKeySecret(await getDb(), alice.id, keyRing());
    expect(list?.key.label).toBe("Personal");
  });

  it("reject a malformed key id as input, and an unknown one as not found", async () => {
    env.session = alice;
    expect(await actions.deleteKeyAction({ id: "1 or 1=1" })).toMatchObject({
      ok: false,
      kind: "invalid-input",
    });
    expect(await actions.activateKeyAction({ id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
  });
});

/** A signed-in person of a test's own, so the tests after it find Alice and Bob as they were. */
async function person(email: string): Promise<SessionUser> {
  const { getDb } = await import("@/lib/server/db/client");
  const { createUser } = await import("@/lib/accounts/server/users");
  const made = await createUser(await getDb(), { email, name: null, passwordHash: null });
  if (!made.ok) throw new Error("fixture");
  return { id: made.user.id, email: made.user.email, name: null };
}

describe("a team's key", () => {
  it("its owner stores it; members work with it and never get it; members, viewers and strangers cannot manage it", async () => {
    const { getDb } = await import("@/lib/server/db/client");
    const { teamMembers } = await import("@/lib/server/db/schema");
    const { listKeys, listTeamKeys } = await import("@/lib/keys/server/runcrate-keys");
    const { listAudit } = await import("@/lib/audit/server/audit-log");
    const teamActions = await import("@/lib/teams/actions");
    const db = await getDb();
    const [ada, bo, cy] = [
      await person("ada@team.example"),
      await person("bo@team.example"),
      await person("cy@team.example"),
    ];

    // Ada has a key of her own; the team's key sits beside it and takes neither its label nor its place.
    env.session = ada;
    const ownKey = key();
    await actions.addKeyAction({ label: "Mine", environment: "", apiKey: ownKey });
    const team = await teamActions.createTeamAction({ name: "Research" });
    if (!team.ok) throw new Error(team.error);
    const teamId = team.data.teamId;
    expect(await ctxModule.contextForUser(ada)).toMatchObject({
      state: "no-key",
      team: { teamId, role: "owner" },
    });
    const teamKey = key();
    const added = await actions.addKeyAction({ teamId, label: "Mine", environment: "", apiKey: teamKey });
    expect(added).toMatchObject({
      ok: true,
      data: { label: "Mine", last4: teamKey.slice(-4), isActive: true },
    });
    if (!added.ok) throw new Error(added.error);
    const mine = await listKeys(db, ada.id);
    expect(mine.filter((k) => k.label === "Mine").map((k) => k.last4)).toEqual([ownKey.slice(-4)]);
    // One key per environment in a team: a second for the default one is refused on its field.
    expect(
      await actions.addKeyAction({ teamId, label: "Other", environment: "", apiKey: key() }),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { environment: expect.stringMatching(/already has a key for the default environment/) },
    });
    const audit = await listAudit(db, ada.id);
    expect(audit[0]).toMatchObject({ action: "key-added", keyLabel: "Mine", detail: "team Research" });

    // Bo, a member, works in the team with its key: his context holds it, and no answer carries it.
    await db.insert(teamMembers).values({ teamId, userId: bo.id, role: "member" });
    env.session = bo;
    const chosen = await teamActions.chooseTeamAction({ teamId });
    expect(chosen).toMatchObject({ ok: true, data: { teamId, name: "Research", role: "member" } });
    expect(await ctxModule.contextForUser(bo)).toMatchObject({
      state: "ready",
      team: { teamId, role: "member" },
      key: { label: "Mine" },
    });
    const id = added.data.id;
    const refusals = [
      await actions.addKeyAction({ teamId, label: "Bo's", environment: "eu", apiKey: key() }),
      await actions.replaceKeyAction({ teamId, id, environment: "", apiKey: key() }),
      await actions.activateKeyAction({ teamId, id }),
      await actions.deleteKeyAction({ teamId, id }),
    ];
    for (const r of refusals)
      expect(r).toEqual({ ok: false, kind: "forbidden", error: "Only an admin can manage the team's keys." });
    // The same refusal for a viewer.
    await db.insert(teamMembers).values({ teamId, userId: cy.id, role: "viewer" });
    env.session = cy;
    expect(await actions.deleteKeyAction({ teamId, id })).toMatchObject({
      ok: false,
      error: "Viewers can see the team's clusters but take no action.",
    });
    // Someone outside the team can neither choose it nor touch its keys.
    const { teamMembers: tm } = await import("@/lib/server/db/schema");
    const { and, eq } = await import("drizzle-orm");
    await db.delete(tm).where(and(eq(tm.teamId, teamId), eq(tm.userId, cy.id)));
    expect(await teamActions.chooseTeamAction({ teamId })).toMatchObject({ ok: false, kind: "not_found" });
    expect(await actions.deleteKeyAction({ teamId, id })).toMatchObject({ ok: false, kind: "not_found" });
    expect(await ctxModule.contextForUser(cy)).toMatchObject({
      state: "no-key",
      team: { personal: true },
    });

    // Nothing a refusal or an answer said carries the team's key, and the team still has exactly that key.
    expect(JSON.stringify([added, chosen, refusals])).not.toContain(teamKey.slice(0, -4));
    expect((await listTeamKeys(db, teamId)).map((k) => [k.label, k.last4])).toEqual([
      ["Mine", teamKey.slice(-4)],
    ]);
  });
});

describe("team invites", () => {
  it("an admin's link lets the invited address join once with its role; a member may not invite", async () => {
    const { getDb } = await import("@/lib/server/db/client");
    const { listAudit } = await import("@/lib/audit/server/audit-log");
    const teamActions = await import("@/lib/teams/actions");
    const db = await getDb();
    const [owner, joiner, stranger] = [
      await person("owner@invites.example"),
      await person("joiner@invites.example"),
      await person("stranger@invites.example"),
    ];
    env.session = owner;
    const team = await teamActions.createTeamAction({ name: "Inference" });
    if (!team.ok) throw new Error(team.error);
    const { teamId } = team.data;
    expect(await teamActions.createInviteAction({ teamId, email: "nope", role: "member" })).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { email: expect.stringMatching(/valid email/) },
    });
    expect(
      await teamActions.createInviteAction({ teamId, email: joiner.email, role: "owner" as never }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { role: expect.stringMatching(/admin, member or viewer/) },
    });
    const made = await teamActions.createInviteAction({
      teamId,
      email: "Joiner@Invites.example",
      role: "member",
    });
    if (!made.ok) throw new Error(made.error);
    expect(made.data.path).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = made.data.path.split("/").pop()!;

    // Someone else signed in cannot use it; the invited address joins, and works in the team from then on.
    env.session = stranger;
    expect(await teamActions.acceptInviteAction({ token })).toMatchObject({ ok: false, kind: "forbidden" });
    expect(
      await teamActions.createInviteAction({ teamId, email: "x@invites.example", role: "viewer" }),
    ).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    env.session = joiner;
    expect(await teamActions.acceptInviteAction({ token })).toMatchObject({
      ok: true,
      data: { teamId, role: "member" },
    });
    expect(await ctxModule.contextForUser(joiner)).toMatchObject({ team: { teamId, role: "member" } });
    expect(await teamActions.acceptInviteAction({ token })).toMatchObject({
      ok: false,
      error: "This invite has already been used.",
    });
    expect(
      await teamActions.createInviteAction({ teamId, email: "x@invites.example", role: "viewer" }),
    ).toMatchObject({
      ok: false,
      kind: "forbidden",
      error: "Only an admin can invite people.",
    });
    expect((await listAudit(db, owner.id)).map((e) => [e.action, e.detail])).toEqual([
      ["member-invited", "team Inference · joiner@invites.example as member"],
    ]);
    expect((await listAudit(db, joiner.id)).map((e) => e.action)).toEqual(["member-joined"]);
  });
});

describe("runcrateAction", () => {
  const probe = () =>
    keyed.runcrateAction(z.object({ n: z.number().int() }), async ({ n }, { key: k, client }) => ({
      n,
      label: k.label,
      balance: (await client.getBalance()).creditsBalance,
    }));

  it("uses the signed-in user's active key, and answers no-key for a user without one", async () => {
    env.session = alice;
    const ctx = await ctxModule.contextForUser(alice);
    if (ctx.state !== "ready") throw new Error("alice should have a key");
    const result = await probe()({ n: 1 });
    expect(result).toMatchObject({ ok: true, data: { n: 1, label: ctx.key.label } });
    env.session = bob;
    expect(await probe()({ n: 1 })).toEqual({ ok: false, kind: "no-key", error: keyed.NO_KEY_MESSAGE });
  });

  it("turns bad input into field errors and unexpected throws into a generic internal error", async () => {
    env.session = alice;
    expect(await probe()({ n: 1.5 })).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { n: expect.any(String) },
    });
    const boom = keyed.runcrateAction(z.object({}), async () => {
      throw new Error("database exploded");
    });
    const r = await boom({});
    expect(r).toMatchObject({ ok: false, kind: "internal" });
    expect(!r.ok && r.error).not.toMatch(/exploded/);
    expect(logged.at(-1)).toMatchObject({ area: "action", msg: "server action failed", level: 50 });
    expect(String(logged.at(-1)?.err)).toMatch(/exploded/);
  });
});

describe("a key that can no longer be decrypted", () => {
  it("reads as no key (and is logged) instead of failing every page", async () => {
    const { getDb } = await import("@/lib/server/db/client");
    const { createUser } = await import("@/lib/accounts/server/users");
    const { addKey } = await import("@/lib/keys/server/runcrate-keys");
    const db = await getDb();
    const created = await createUser(db, { email: "rotated@example.com", name: null, passwordHash: null });
    if (!created.ok) throw new Error("fixture");
    // Sealed with a secret this server does not have.
    await addKey(
      db,
      created.user.id,
      { label: "Old", environment: null, apiKey: key() },
      { current: randomBytes(32), previous: [] },
    );
    const ctx = await ctxModule.contextForUser({
      id: created.user.id,
      email: created.user.email,
      name: null,
    });
    expect(ctx.state).toBe("no-key");
    expect(logged.at(-1)).toMatchObject({ area: "keys", userId: created.user.id });
    expect(logged.at(-1)?.msg).toMatch(/cannot be decrypted/);
  });
});

/** A request as the signed-in user's browser sends it (their session cookie, see the mock above). */
const signedInRequest = (url: string) =>
  new Request(url, { headers: env.session ? { cookie: `theme=dark; test-session=${env.session.id}` } : {} });

describe("runcrateRoute", () => {
  const call = (
    handler: (req: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>,
    id = "x",
  ) => handler(signedInRequest("http://app.test/api/thing"), { params: Promise.resolve({ id }) });

  const balanceRoute = (req: Request, c: { params: Promise<{ id: string }> }) =>
    routes.runcrateRoute<{ id: string }>(async ({ client, key: k }) => ({
      label: k.label,
      balance: (await client.getBalance()).creditsBalance,
    }))(req, c);

  it("answers 401 without a session and 409 without a key", async () => {
    const anon = await call(balanceRoute);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({
      error: { code: "unauthenticated", message: "Sign in to continue." },
    });
    env.session = bob;
    const noKey = await call(balanceRoute);
    expect(noKey.status).toBe(409);
    expect((await noKey.json()).error.code).toBe("no_key");
  });

  it("answers 200 {data} with no-store, reading with the user's own key", async () => {
    env.session = alice;
    const ctx = await ctxModule.contextForUser(alice);
    const res = await call(balanceRoute);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      data: { label: ctx.state === "ready" ? ctx.key.label : "", balance: 100 },
    });
    expect(body).not.toMatch(/rc_live_/);
  });

  it("passes 404 through, 429 with Retry-After, upstream 5xx as 502", async () => {
    env.session = alice;
    const getCluster = routes.runcrateRoute<{ id: string }>(async ({ client, params }) =>
      client.getCluster(params.id),
    );
    const missing = await call(getCluster, "missing");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
    const limited = await routes.runcrateRoute<{ id: string }>(async ({ client }) =>
      client.getCluster("limited"),
    )(signedInRequest("http://app.test/api/x"), { params: Promise.resolve({ id: "limited" }) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    api.failWith = 503;
    const down = await call(balanceRoute);
    expect(down.status).toBe(502);
    expect((await down.json()).error.message).not.toMatch(/rc_live_/);
  });

  it("reads the session from the request it answers", async () => {
    env.session = alice;
    const res = await balanceRoute(new Request("http://app.test/api/thing"), {
      params: Promise.resolve({ id: "x" }),
    });
    expect(res.status).toBe(401);
  });

  it("sends a list with its notes as its data, and the same result as the same text", async () => {
    env.session = alice;
    const list = {
      items: [{ id: "a", n: 1 }],
      notes: { unreadable: 2, incomplete: false, fields: ["gpu_type"] },
    };
    const route = routes.runcrateRoute<{ id: string }>(async () => list);
    const first = await (await call(route)).text();
    expect(JSON.parse(first)).toEqual({ data: list });
    expect(await (await call(route)).text()).toBe(first);
    const plain = await call(routes.runcrateRoute<{ id: string }>(async () => ({ ok: true })));
    expect(plain.headers.get("content-type")).toBe("application/json");
    expect(await plain.json()).toEqual({ data: { ok: true } });
  });

  it("turns any other throw into a generic 500 (its own failure, not Runcrate's), logged under the request's id", async () => {
    env.session = alice;
    const route = routes.runcrateRoute<{ id: string }>(async () => {
      throw new TypeError("secret internals");
    });
    const req = signedInRequest("http://localhost/api/clusters/x");
    req.headers.set("x-request-id", "0f1e2d3c-4b5a-4968-8776-655443322110");
    const res = await route(req, { params: Promise.resolve({ id: "x" }) });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ error: { code: "internal" } });
    expect(body).not.toMatch(/secret internals/);
    expect(logged.at(-1)).toMatchObject({
      area: "route",
      requestId: "0f1e2d3c-4b5a-4968-8776-655443322110",
      route: "/api/clusters/x",
      msg: "route handler failed",
      level: 50,
    });
  });
});

describe("the memoised read context", () => {
  let carol: SessionUser;
  // A GET route as the browser polls it; reports the label it answered with and the key Runcrate last saw.
  const read = async () => {
    const res = await routes.runcrateRoute(async ({ client, key: k }) => {
      await client.getBalance();
      return { label: k.label };
    })(signedInRequest("http://app.test/api/thing"), { params: Promise.resolve({}) });
    const body = res.status === 200 ? ((await res.json()) as { data: { label: string } }) : null;
    return { status: res.status, label: body?.data.label ?? null, key: api.seenKeys.at(-1) };
  };

  beforeAll(async () => {
    const { getDb } = await import("@/lib/server/db/client");
    const { createUser } = await import("@/lib/accounts/server/users");
    const r = await createUser(await getDb(), { email: "carol@example.com", name: null, passwordHash: null });
    if (!r.ok) throw new Error("fixture");
    carol = { id: r.user.id, email: r.user.email, name: null };
  });

  it("follows every key action at once: add, activate, replace, delete", async () => {
    env.session = carol;
    expect((await read()).status).toBe(409);

    const first = key();
    const a = await actions.addKeyAction({ label: "First", environment: "", apiKey: first });
    if (!a.ok) throw new Error(a.error);
    expect(await read()).toMatchObject({ status: 200, label: "First", key: first });

    const second = key();
    const b = await actions.addKeyAction({ label: "Second", environment: "", apiKey: second });
    if (!b.ok) throw new Error(b.error);
    expect(await actions.activateKeyAction({ id: b.data.id })).toMatchObject({ ok: true });
    expect(await read()).toMatchObject({ status: 200, label: "Second", key: second });

    const rotated = key();
    expect(await actions.replaceKeyAction({ id: b.data.id, environment: "", apiKey: rotated })).toMatchObject(
      { ok: true },
    );
    expect(await read()).toMatchObject({ status: 200, label: "Second", key: rotated });

    // Deleting the active key: the remaining one takes over, and no read uses the removed key again.
    expect(await actions.deleteKeyAction({ id: b.data.id })).toMatchObject({ ok: true });
    expect(await read()).toMatchObject({ status: 200, label: "First", key: first });

    expect(await actions.deleteKeyAction({ id: a.data.id })).toMatchObject({ ok: true });
    const before = api.seenKeys.length;
    expect((await read()).status).toBe(409);
    expect(api.seenKeys.length).toBe(before);
  });

  it("lets reads lag a change made elsewhere (another instance) by at most a few seconds, but never a mutation", async () => {
    env.session = carol;
    const one = key();
    const added = await actions.addKeyAction({ label: "One", environment: "", apiKey: one });
    if (!added.ok) throw new Error(added.error);
    expect(await read()).toMatchObject({ label: "One", key: one });

    // Another instance swaps the key straight in the shared database: nothing here is told.
    const { getDb } = await import("@/lib/server/db/client");
    const { replaceKey } = await import("@/lib/keys/server/runcrate-keys");
    const { keyRing } = await import("@/lib/server/crypto/key-ring");
    const elsewhere = key();
    await replaceKey(
      await getDb(),
      carol.id,
      added.data.id,
      { apiKey: elsewhere, environment: null },
      keyRing(),
    );

    // A read within the memo's lifetime may still use the old key…
    expect((await read()).key).toBe(one);
    // …a mutation never does: it resolves the key fresh.
    const mutate = keyed.runcrateAction(z.object({}), async (_input, { client }) => client.getBalance());
    expect(await mutate({})).toMatchObject({ ok: true });
    expect(api.seenKeys.at(-1)).toBe(elsewhere);

    const { clearContextCache } = await import("@/lib/server/user-context-cache");
    clearContextCache(); // what CONTEXT_TTL_MS does on its own (see tests/auth/context-cache.test.ts)
    expect((await read()).key).toBe(elsewhere);
  });
});
