import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { newAccount } from "../support/accounts";
import { sleep } from "../support/proc";
import { startInstance, startSimulator, type App } from "./support/apps";

/**
 * On SIGTERM or SIGINT the server stops taking connections, finishes the requests in flight (within
 * SHUTDOWN_GRACE_MS), stops the job worker and exits 0 (lib/server/shutdown.ts); a second signal during the drain
 * changes nothing.
 */

let sim: Awaited<ReturnType<typeof startSimulator>>;
let app: App;

test.afterAll(async () => {
  await app?.proc.stop();
  await sim?.proc.stop();
});

/** A GET on a new connection (no keep-alive pool), resolving to the status or the connection error's code. */
function freshGet(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

test("requests in flight at SIGINT and SIGTERM complete; new connections are refused; the worker stops; exit 0", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  sim = await startSimulator();
  app = await startInstance(2, sim.apiUrl, { SHUTDOWN_GRACE_MS: "10000" });
  const account = await newAccount(app.url);
  expect(await freshGet(`${app.url}/api/health?ready=1`)).toBe(200);

  // Every upstream answer now takes 2.5 s: the balance reads below are in flight when the signal arrives.
  const api = await playwright.request.newContext();
  await api.post(`${sim.url}/__sim/faults`, { data: { latencyMs: 2_500 } });
  const reads = ["", "?a=1", "?b=2"].map(async (q) => {
    const res = await fetch(`${app.url}/api/balance${q}`, { headers: { cookie: account.cookie } });
    return { status: res.status, body: (await res.json()) as { data?: unknown } };
  });
  await sleep(800);
  const exit = new Promise<number | null>((resolve) => app.proc.child.once("exit", (code) => resolve(code)));
  const signalledAt = Date.now();
  // Ctrl-C under `npm start`: the terminal's SIGINT, then the script's SIGTERM. The second joins the first.
  process.kill(app.proc.child.pid!, "SIGINT");
  await sleep(100);
  process.kill(app.proc.child.pid!, "SIGTERM");
  await sleep(200);
  expect(await freshGet(`${app.url}/api/health`)).toBe("ECONNREFUSED");

  const answers = await Promise.all(reads);
  for (const a of answers) {
    expect(a.status).toBe(200);
    expect(a.body.data).toBeTruthy();
  }
  expect(await exit).toBe(0);
  const tookMs = Date.now() - signalledAt;
  console.log(`[service] SIGINT + SIGTERM → exit in ${tookMs} ms with ${answers.length} requests in flight`);
  expect(tookMs).toBeLessThan(10_000);
  const out = app.proc.output();
  expect(out).toMatch(/"msg":"shutting down"/);
  expect(out).toMatch(/"inFlight":3/);
  expect(out).toMatch(/"msg":"already shutting down; still draining"/);
  expect(out).toMatch(/"drained":true[^\n]*"msg":"stopped"|"msg":"stopped"[^\n]*"drained":true/);
  await api.post(`${sim.url}/__sim/faults`, { data: { latencyMs: 0 } });
  await api.dispose();
});
