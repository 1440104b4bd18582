/**
 * Every server action (found in the build's server-reference-manifest, so a new action is covered without editing
 * this file) and every GET route handler, fuzzed with random and hostile input through HTTP: never a 5xx, every
 * action answer is a well-formed ActionResult, nothing is accepted, and nothing changes — no mutating request
 * reaches the simulator, the account's clusters stay the same and the session and key still work.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { callAction } from "../support/server-action";
import { REL } from "./support/config";
import { expect, test, unhandledErrors } from "./support/stack";

type Entry = { exportedName?: string; filename?: string; workers?: Record<string, unknown> };
function actions(): Array<{ id: string; name: string; page: string }> {
  const m = JSON.parse(
    readFileSync(path.join(REL.absDist, "server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, Entry> };
  return Object.entries(m.node).map(([id, e]) => {
    const worker = Object.keys(e.workers ?? {})[0] ?? "app/page";
    // "app/(console)/clusters/[id]/page" → "/clusters/x/…" : any page that carries the action will do.
    const page =
      worker
        .replace(/^app/, "")
        .replace(/\/page$/, "")
        .replace(/\/\([^)]+\)/g, "")
        .replace(/\[[^\]]+\]/g, "00000000-0000-4000-8000-000000000000") || "/";
    return { id, name: `${e.filename}#${e.exportedName}`, page };
  });
}

// signOut takes no input and signing out is its job; it is fuzzed with a throwaway session below.
const STATEFUL_WITHOUT_INPUT = new Set(["lib/actions/auth.ts#signOutAction"]);

const hostileValue = fc.oneof(
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}')),
  fc.constant("x".repeat(200_000)),
  fc.constant("$@0"),
  fc.constant("$F0"),
  fc.constant("$Q0"),
  fc.constant("../../etc/passwd"),
  fc.constant("<script>alert(1)</script>"),
  fc.constant("\u0000\u202e\ud800"),
  fc.constant({ id: "../../..", confirmName: "x", nodeCount: 1e308, offerId: "' OR 1=1 --" }),
  fc.constant({
    offerId: "x",
    idempotencyKey: "not-a-uuid",
    values: {
      node_count: -1,
      name: "",
      stack: "root",
      ssh_key_ids: ["$@0"],
      storage_id: "../",
      include_community: "yes",
    },
  }),
  fc.constant({ email: "a@b.c", password: "x".repeat(10_000), confirmPassword: "y" }),
  fc.constant({ label: "", environment: "../../", apiKey: "rc_live_" + "A".repeat(5000) }),
  fc.constant(Array.from({ length: 1000 }, (_, i) => i)),
);
const argsArb = fc.array(fc.oneof(fc.anything({ maxDepth: 3 }), hostileValue), {
  minLength: 0,
  maxLength: 3,
});
const TEXT = "text/plain;charset=UTF-8";
const MULTIPART = "multipart/form-data; boundary=xyz";
const formRoot = (root: string) =>
  `--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n${root}\r\n--xyz--\r\n`;
const rawBodies: [contentType: string, body: string][] = [
  [TEXT, ""],
  [TEXT, "["],
  [TEXT, "{}"],
  [TEXT, "null"],
  [TEXT, '"$@99"'],
  [TEXT, '["$@99"]'],
  [TEXT, '["$T"]'],
  [TEXT, '["$K1"]'],
  [TEXT, '[{"a":"$Q5"}]'],
  [TEXT, "\u0000"],
  [TEXT, "[".repeat(5000)],
  [TEXT, JSON.stringify(["x".repeat(1_100_000)])],
  ["application/json", "{"],
  [MULTIPART, "garbage"],
  ["multipart/form-data", "garbage"],
  [MULTIPART, formRoot("[")],
  [MULTIPART, formRoot('["$@1"]')],
];

test("server actions: random and hostile input is refused, never 5xx, changes nothing", async ({ stack }) => {
  test.setTimeout(10 * 60_000);
  const logStart = stack.app.output().length;
  const list = actions();
  expect(list.length).toBeGreaterThan(5);
  const clustersBefore = (await stack.sim.clustersOf(stack.account.key)).map((c) => c.id).sort();
  await stack.sim.resetStats();
  const bad: string[] = [];

  for (const a of list) {
    const cookie = STATEFUL_WITHOUT_INPUT.has(a.name)
      ? (await stack.newAccount()).cookie
      : stack.account.cookie;
    await fc.assert(
      fc.asyncProperty(argsArb, fc.boolean(), async (args, signedIn) => {
        const r = await callAction({
          appUrl: stack.appUrl,
          pagePath: a.page,
          actionId: a.id,
          args,
          cookie: signedIn ? cookie : undefined,
        });
        if (r.status >= 500)
          bad.push(`${a.name} → HTTP ${r.status} for ${JSON.stringify(args).slice(0, 200)}`);
        const res = r.result as { ok?: unknown; kind?: unknown } | undefined;
        // An action either answers an ActionResult, or (sign-in/out, external sign-in) redirects.
        if (
          res !== undefined &&
          res !== null &&
          typeof res === "object" &&
          res.ok === true &&
          !STATEFUL_WITHOUT_INPUT.has(a.name)
        ) {
          bad.push(`${a.name} accepted ${JSON.stringify(args).slice(0, 200)}`);
        }
        return true;
      }),
      { numRuns: Number(process.env.REL_FUZZ_RUNS ?? 40), seed: 7 },
    );
  }
  // An action id that does not exist.
  const ghost = await callAction({
    appUrl: stack.appUrl,
    pagePath: "/clusters",
    actionId: "7f" + "0".repeat(40),
    args: [{}],
    cookie: stack.account.cookie,
  });
  if (ghost.status >= 500) bad.push(`unknown action id → HTTP ${ghost.status}`);

  expect(bad).toEqual([]);
  const { requests } = await stack.sim.stats();
  const suffix = stack.account.key.slice(-4);
  expect(requests.filter((r) => r.key_suffix === suffix && r.method !== "GET").map((r) => r.path)).toEqual(
    [],
  );
  expect((await stack.sim.clustersOf(stack.account.key)).map((c) => c.id).sort()).toEqual(clustersBefore);
  // The session and the active key survived.
  const balance = await fetch(`${stack.appUrl}/api/balance`, { headers: { cookie: stack.account.cookie } });
  expect(balance.status).toBe(200);
  expect(unhandledErrors(stack.app.output().slice(logStart))).toEqual([]);
});

/**
 * Bodies that are not a React reply at all. Next decodes an action's body before any app code runs and answers what it
 * cannot decode with a 500, so proxy.ts checks the body first (lib/actions/request-guard.ts) and refuses it with a 400.
 * Also: nothing leaks (no stack, no file path, no key), nothing changes, and the server keeps answering.
 */
test("server actions: undecodable bodies are refused with 400, leak nothing and change nothing", async ({
  stack,
}) => {
  const list = actions();
  await stack.sim.resetStats();
  const clustersBefore = (await stack.sim.clustersOf(stack.account.key)).map((c) => c.id).sort();
  const statuses: Record<string, number> = {};
  const bad: string[] = [];
  const leaks: string[] = [];
  for (const a of list) {
    for (const [contentType, body] of rawBodies) {
      const r = await callAction({
        appUrl: stack.appUrl,
        pagePath: a.page,
        actionId: a.id,
        args: [],
        rawBody: body,
        contentType,
        cookie: stack.account.cookie,
      });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const what = `${a.name} ${contentType.split(";")[0]} ${JSON.stringify(body.slice(0, 20))}`;
      if (r.status !== 400 && r.status !== 413) bad.push(`${what} → HTTP ${r.status}`);
      if (/\/work\/|node_modules|\n\s+at |rc_live_/.test(r.raw))
        leaks.push(`${what}: ${r.raw.slice(0, 200)}`);
    }
  }
  // A form posted without JavaScript carries no action header; a body that is not multipart at all is refused too.
  const noJs = await fetch(new URL("/sign-in", stack.appUrl), {
    method: "POST",
    headers: { "content-type": MULTIPART, origin: stack.appUrl },
    body: "garbage",
  });
  if (noJs.status !== 400) bad.push(`no-JS form post of "garbage" → HTTP ${noJs.status}`);
  console.log(`undecodable action bodies → ${JSON.stringify(statuses)}`);
  expect(bad).toEqual([]);
  expect(leaks).toEqual([]);
  const suffix = stack.account.key.slice(-4);
  expect(
    (await stack.sim.stats()).requests.filter((r) => r.key_suffix === suffix && r.method !== "GET"),
  ).toEqual([]);
  expect((await stack.sim.clustersOf(stack.account.key)).map((c) => c.id).sort()).toEqual(clustersBefore);
  expect(
    (await fetch(`${stack.appUrl}/api/balance`, { headers: { cookie: stack.account.cookie } })).status,
  ).toBe(200);
});

test("route handlers: random and hostile paths, queries and methods never give a 5xx", async ({ stack }) => {
  test.setTimeout(5 * 60_000);
  const logStart = stack.app.output().length;
  const routes = [
    "/api/clusters",
    "/api/clusters/{id}",
    "/api/offers",
    "/api/balance",
    "/api/ssh-keys",
    "/api/storage",
    "/api/health",
  ];
  const segment = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom(
      "..%2F..%2Fetc%2Fpasswd",
      "%00",
      "%E0%A4%A",
      "x".repeat(5000),
      "00000000-0000-4000-8000-000000000000",
      "%7B%7D",
      "constructor",
      "__proto__",
    ),
  );
  const bad: string[] = [];
  await stack.sim.resetStats();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      segment,
      fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 200 }), { maxKeys: 4 }),
      fc.constantFrom("GET", "GET", "GET", "POST", "PUT", "DELETE", "PATCH"),
      fc.boolean(),
      async (route, seg, query, method, signedIn) => {
        const p = route.replace("{id}", encodeURIComponent(seg).replace(/%25/g, "%"));
        const url = new URL(p, stack.appUrl);
        for (const [k, v] of Object.entries(query)) url.searchParams.append(k, v);
        let status: number;
        let body = "";
        try {
          const res = await fetch(url, {
            method,
            headers: signedIn ? { cookie: stack.account.cookie } : {},
            redirect: "manual",
            signal: AbortSignal.timeout(30_000),
          });
          status = res.status;
          body = await res.text();
        } catch (e) {
          bad.push(`${method} ${url.pathname}: ${(e as Error).message}`);
          return true;
        }
        if (status >= 500)
          bad.push(`${method} ${url.pathname}${url.search.slice(0, 80)} → ${status}: ${body.slice(0, 120)}`);
        return true;
      },
    ),
    { numRuns: Number(process.env.REL_FUZZ_RUNS ?? 40) * 8, seed: 11 },
  );
  expect(bad).toEqual([]);
  const suffix = stack.account.key.slice(-4);
  expect(
    (await stack.sim.stats()).requests.filter((r) => r.key_suffix === suffix && r.method !== "GET"),
  ).toEqual([]);
  expect(unhandledErrors(stack.app.output().slice(logStart))).toEqual([]);
});
