/**
 * Every server action (recorded by driving the UI once, tests/reliability/support/action-tour.ts) and every GET route
 * handler, fuzzed with random and hostile input through HTTP: never a 5xx for anything Next can decode, nothing leaks,
 * and nothing changes — no mutating request reaches the simulator, the account's clusters and keys stay the same, and
 * the session and key still work.
 */
import { createRequire } from "node:module";
import fc from "fast-check";
import type { RecordedAction } from "./support/action-tour";
import { recordActions } from "./support/action-tour";
import { ROOT } from "../support/stack";
import { expect, test, unhandledErrors, type Stack } from "./support/stack";

// The reply encoder of the React that Next ships: how the browser encodes an action's arguments.
const { encodeReply } = createRequire(__filename)(
  "next/dist/compiled/react-server-dom-turbopack/client.edge.js",
) as { encodeReply: (args: unknown[]) => Promise<string | FormData> };

let recorded: RecordedAction[] | null = null;
async function actions(browser: import("@playwright/test").Browser, stack: Stack): Promise<RecordedAction[]> {
  recorded ??= await recordActions(browser, stack);
  return recorded;
}

type Sent = { status: number; body: string };
async function post(
  stack: Stack,
  a: { id: string; page: string },
  body: BodyInit,
  o: { contentType?: string; cookie?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = {
    "next-action": a.id,
    accept: "text/x-component",
    origin: stack.appUrl,
  };
  if (o.contentType) headers["content-type"] = o.contentType;
  if (o.cookie) headers.cookie = o.cookie;
  const res = await fetch(new URL(a.page, stack.appUrl), {
    method: "POST",
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
    headers,
    body,
  });
  return { status: res.status, body: await res.text() };
}

/** What must not change whatever the fuzzer sends: the account's clusters and keys, its session and key. */
async function snapshot(stack: Stack) {
  const keysPage = await fetch(`${stack.appUrl}/settings/keys`, {
    headers: { cookie: stack.account.cookie },
  });
  const html = await keysPage.text();
  return {
    clusters: (await stack.sim.clustersOf(stack.account.key)).map((c) => c.id).sort(),
    keysPage: keysPage.status,
    keyRows: html.split('data-testid="key-row"').length - 1,
    activeKeyShown: html.includes(stack.account.key.slice(-4)),
  };
}

async function assertNothingChanged(stack: Stack, before: Awaited<ReturnType<typeof snapshot>>) {
  const suffix = stack.account.key.slice(-4);
  expect(
    (await stack.sim.stats()).requests
      .filter((r) => r.key_suffix === suffix && r.method !== "GET")
      .map((r) => r.path),
  ).toEqual([]);
  expect(await snapshot(stack)).toEqual(before);
  const balance = await fetch(`${stack.appUrl}/api/balance`, { headers: { cookie: stack.account.cookie } });
  expect(balance.status).toBe(200);
}

/** A stack trace, a file path of the server, or the account's key in a body sent to the browser. */
function leaks(stack: Stack, body: string): boolean {
  return (
    body.includes(ROOT) ||
    /node_modules|\n\s+at /.test(body) ||
    body.includes(stack.account.key) ||
    body.includes(stack.account.key.slice("rc_live_".length))
  );
}

// Signing out takes no input and ending the session is its job: it is fuzzed with a throwaway session.
const ENDS_THE_SESSION = new Set(["sign out"]);

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
  ["application/json", "{"],
  [MULTIPART, "garbage"],
  ["multipart/form-data", "garbage"],
  [MULTIPART, formRoot("[")],
  [MULTIPART, formRoot('["$@1"]')],
];
const refusedBodies: [contentType: string, body: string, status: number][] = [
  [TEXT, JSON.stringify(["x".repeat(1_100_000)]), 413],
  ["application/x-www-form-urlencoded", "a=1", 400],
  ["application/octet-stream", "[]", 400],
];

test("server actions: random and hostile input is refused, never 5xx, changes nothing", async ({
  stack,
  browser,
}) => {
  test.setTimeout(15 * 60_000);
  const list = await actions(browser, stack);
  // Sign-up, the key actions, sign-out and sign-in, the SSH key, launch, test, resize, terminate.
  expect(list.map((a) => a.step)).toEqual(
    expect.arrayContaining(["sign up", "add a key", "launch", "sign in"]),
  );
  expect(list.length).toBeGreaterThanOrEqual(10);
  const logStart = stack.app.output().length;
  const before = await snapshot(stack);
  await stack.sim.resetStats();
  const bad: string[] = [];

  for (const a of list) {
    const cookie = ENDS_THE_SESSION.has(a.step) ? (await stack.newAccount()).cookie : stack.account.cookie;
    await fc.assert(
      fc.asyncProperty(argsArb, fc.boolean(), async (args, signedIn) => {
        let body: string | FormData;
        try {
          body = await encodeReply(args);
        } catch {
          return true; // a value React itself would not send
        }
        const r = await post(stack, a, body, {
          contentType: typeof body === "string" ? "text/plain;charset=UTF-8" : undefined,
          cookie: signedIn ? cookie : undefined,
        });
        const what = `${a.step} (${a.page}) ← ${JSON.stringify(args)?.slice(0, 200)}`;
        if (r.status >= 500) bad.push(`${what} → HTTP ${r.status}`);
        if (leaks(stack, r.body)) bad.push(`${what} leaked: ${r.body.slice(0, 200)}`);
        return true;
      }),
      { numRuns: Number(process.env.REL_FUZZ_RUNS ?? 40), seed: 7 },
    );
  }
  // An action id that does not exist.
  const ghost = await post(stack, { id: "7f" + "0".repeat(40), page: "/clusters" }, "[{}]", {
    contentType: "text/plain;charset=UTF-8",
    cookie: stack.account.cookie,
  });
  if (ghost.status >= 500) bad.push(`unknown action id → HTTP ${ghost.status}`);

  expect(bad).toEqual([]);
  await assertNothingChanged(stack, before);
  expect(unhandledErrors(stack.app.output().slice(logStart))).toEqual([]);
});

/**
 * Bodies that are not a React reply. proxy.ts refuses what is over the size limit (413) or not JSON or multipart at
 * all (400, lib/handlers/request-guard.ts); the rest — JSON or multipart that may or may not make an action call — is
 * Next's to answer: a 4xx, its own 500, or a 200 when it decodes to a call with no usable input (then the action's
 * own validation answers). Whichever answers: nothing leaks (no stack, no file path, no key), nothing changes, and
 * the server keeps answering.
 */
test("server actions: bodies that are not a React reply leak nothing and change nothing", async ({
  stack,
  browser,
}) => {
  const list = await actions(browser, stack);
  const before = await snapshot(stack);
  await stack.sim.resetStats();
  const statuses: Record<string, number> = {};
  const bad: string[] = [];
  const leaked: string[] = [];
  for (const a of list) {
    const cookie = ENDS_THE_SESSION.has(a.step) ? (await stack.newAccount()).cookie : stack.account.cookie;
    for (const [contentType, body] of rawBodies) {
      // A body that decodes to a sign-out call really ends that session: each gets its own.
      const c = ENDS_THE_SESSION.has(a.step) ? (await stack.newAccount()).cookie : cookie;
      const r = await post(stack, a, body, { contentType, cookie: c });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const what = `${a.step} ${contentType.split(";")[0]} ${JSON.stringify(body.slice(0, 20))}`;
      if (r.status > 500 || (r.status >= 300 && r.status < 400)) bad.push(`${what} → HTTP ${r.status}`);
      if (leaks(stack, r.body)) leaked.push(`${what}: ${r.body.slice(0, 200)}`);
    }
    // Not JSON or multipart at all, and over the limit: refused in proxy.ts before Next reads the body.
    for (const [contentType, body, status] of refusedBodies) {
      const r = await post(stack, a, body, { contentType, cookie });
      if (r.status !== status) bad.push(`${a.step} ${contentType} → HTTP ${r.status}, not ${status}`);
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
  expect(leaked).toEqual([]);
  await assertNothingChanged(stack, before);
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
