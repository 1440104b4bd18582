/**
 * 200 launches through the create form in Chromium (ten tabs at a time, one signed-in user) while the simulator
 * injects faults: 20 % 5xx, 429 bursts, create responses dropped after the cluster was committed, 2 s latency. Each
 * launch intent is one filled form, pressed again like a person would when it says "Retrying is safe" (the form keeps
 * the intent's Idempotency-Key). Afterwards the simulator holds exactly one cluster per intent, every action call was
 * answered 200 (never a 500 that the form would show as one more retry-safe failure), and the app logged no
 * unhandled error.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { playwrightCookies } from "../support/accounts";
import { fillName, openCreateForm, pressLaunch } from "./support/launch";
import { expect, test, unhandledErrors, type Stack } from "./support/stack";

const LAUNCHES = 200;
const CONCURRENCY = 10;
const MAX_ATTEMPTS = 8;

type Phase = { name: string; faults: Record<string, unknown>; perLaunch?: Record<string, unknown> };
const PHASES: Phase[] = [
  { name: "20 % 5xx", faults: { errorRate: { "*": 0.2 } } },
  {
    name: "429 bursts",
    faults: { rateLimitBurst: { count: 6, retryAfterSeconds: 1 } },
    perLaunch: { rateLimitBurst: { count: 3, retryAfterSeconds: 1 } },
  },
  { name: "create response dropped after commit", faults: {}, perLaunch: { dropNextCreateResponse: true } },
  { name: "2 s latency", faults: { latencyMs: 2_000 } },
];

type Outcome = {
  name: string;
  attempts: number;
  problems: string[];
  ok: boolean;
  id: string | null;
  statuses: number[];
};

async function launchIntent(
  stack: Stack,
  page: Page,
  name: string,
  perLaunch?: Record<string, unknown>,
): Promise<Outcome> {
  const out: Outcome = { name, attempts: 0, problems: [], ok: false, id: null, statuses: [] };
  await openCreateForm(page, stack.appUrl, stack.offer.id);
  await fillName(page, name);
  while (out.attempts < MAX_ATTEMPTS) {
    out.attempts++;
    // The per-launch fault is armed once per intent: a burst or a dropped answer, then the retries that follow it.
    // (Re-arming a shared burst on every retry of ten concurrent intents makes a 429 wall, not a burst.)
    if (perLaunch && out.attempts === 1) await stack.sim.faults(perLaunch);
    const r = await pressLaunch(page);
    out.statuses.push(...r.statuses);
    if (r.ok) {
      out.ok = true;
      out.id = r.id;
      return out;
    }
    out.problems.push(r.problem.slice(0, 160));
    if (!r.retrySafe) return out; // the form does not offer a retry
    // Like a person told to try again: a moment (the 429 bursts ask for 1 s).
    await page.waitForTimeout(1_000);
  }
  return out;
}

test("200 launches under injected faults: one cluster per intent, no unhandled error", async ({
  stack,
  browser,
}) => {
  test.setTimeout(25 * 60_000);
  const context = await browser.newContext();
  await context.addCookies(playwrightCookies(stack.account.cookie, stack.appUrl));
  const pages = await Promise.all(Array.from({ length: CONCURRENCY }, () => context.newPage()));
  const logStart = stack.app.output().length;
  const outcomes: Outcome[] = [];
  const perPhase = LAUNCHES / PHASES.length;
  const summary: Record<string, unknown> = {};
  try {
    for (const [p, phase] of PHASES.entries()) {
      await stack.sim.clearFaults();
      await stack.sim.faults(phase.faults);
      await stack.sim.resetStats();
      const names = Array.from({ length: perPhase }, (_, i) => `rel-${p}-${i}-${randomUUID().slice(0, 6)}`);
      const t0 = Date.now();
      let next = 0;
      const worker = async (page: Page) => {
        while (next < names.length) {
          const name = names[next++] as string;
          outcomes.push(await launchIntent(stack, page, name, phase.perLaunch));
        }
      };
      await Promise.all(pages.map(worker));
      const upstream = (await stack.sim.stats()).requests;
      const statuses: Record<string, number> = {};
      for (const r of upstream)
        statuses[`${r.path} ${r.status}`] = (statuses[`${r.path} ${r.status}`] ?? 0) + 1;
      summary[phase.name] = {
        seconds: (Date.now() - t0) / 1000,
        userRetries: outcomes.slice(-perPhase).reduce((a, o) => a + o.attempts - 1, 0),
        upstream: statuses,
      };
      // The fault really happened (otherwise this phase proves nothing).
      const seen = (re: RegExp) => Object.entries(statuses).some(([k, n]) => re.test(k) && n > 0);
      if (p === 0) expect(seen(/ 5\d\d$/), `5xx served in "${phase.name}"`).toBe(true);
      if (p === 1) expect(seen(/ 429$/), `429 served in "${phase.name}"`).toBe(true);
      if (p === 2)
        expect(seen(/^POST \/clusters 0$/), `create answers dropped in "${phase.name}"`).toBe(true);
    }
  } finally {
    await stack.sim.clearFaults();
    await context.close();
  }
  console.log("launch phases:", JSON.stringify(summary));

  expect(outcomes).toHaveLength(LAUNCHES);
  // Every action call was answered with its result, never an HTTP error page.
  expect(outcomes.flatMap((o) => o.statuses).filter((s) => s !== 200)).toEqual([]);
  const failed = outcomes.filter((o) => !o.ok);
  expect(failed, `launches that never succeeded: ${JSON.stringify(failed.slice(0, 5))}`).toEqual([]);

  const clusters = await stack.sim.clustersOf(stack.account.key);
  for (const o of outcomes) {
    const mine = clusters.filter((c) => c.name === o.name);
    expect(
      mine.map((c) => c.id),
      `clusters named ${o.name}`,
    ).toEqual([o.id]);
  }
  expect(unhandledErrors(stack.app.output().slice(logStart))).toEqual([]);
});
