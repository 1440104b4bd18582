import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionsResponseSchema, type Transaction } from "@/lib/runcrate/schemas";
import { clusterOf, errorOf, parseWith, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const HOUR = 3600;

async function page(key: string, query = "") {
  const res = await h.call("GET", `/billing/transactions${query}`, { key });
  expect(res.status).toBe(200);
  return parseWith(transactionsResponseSchema, res);
}

/** Every transaction, newest first, read page by page. */
async function all(key: string, query = ""): Promise<Transaction[]> {
  const out: Transaction[] = [];
  for (let offset = 0; ; offset += 100) {
    const p = await page(key, `?limit=100&offset=${offset}${query}`);
    out.push(...p.data);
    if (!p.meta?.hasMore) return out;
  }
}

const usage = async (key: string) => all(key, "&type=usage");
const sum = (ts: Transaction[]) => ts.reduce((s, t) => s + t.amount, 0);
const cents = (n: number) => Math.round(n * 100);

describe("GET /billing/transactions", () => {
  it("starts with one credit for the starting balance, camelCase, with meta {hasMore, total}", async () => {
    const key = h.newKey();
    const p = await page(key);
    expect(p.data).toEqual([
      {
        id: expect.any(String),
        type: "credit",
        amount: 500,
        description: "Starting credit (simulator)",
        createdAt: new Date(h.control.now()).toISOString(),
        projectId: expect.any(String),
      },
    ]);
    expect(p.meta).toMatchObject({ hasMore: false, total: 1, requestId: expect.any(String) });
  });

  it("posts one usage debit per cluster per hour of billed time, naming the cluster, newest first", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { name: "train-a", node_count: 4 });
    await h.control.advance(HOUR / 2);
    expect(await usage(key)).toEqual([]);
    const billedSince = Date.parse(c.billing?.billed_since ?? "");
    await h.control.advance(3 * HOUR);
    const debits = await usage(key);
    expect(debits).toHaveLength(3);
    expect(debits.map((t) => Date.parse(t.createdAt) - billedSince)).toEqual(
      [3, 2, 1].map((n) => n * HOUR * 1000),
    );
    for (const t of debits) {
      expect(t).toMatchObject({ type: "usage", amount: -79.68 });
      expect(t.description).toBe("Cluster train-a · 4 × 8× H100 SXM · 1 h");
    }
  });

  it("closes the partial period on termination; a finished cluster's debits add up to what it was charged", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { name: "short", node_count: 2 });
    await h.control.advance(2 * HOUR + 1234);
    await h.call("DELETE", `/clusters/${c.id}`, { key });
    await h.control.advance(60);
    const done = await h.getCluster(key, c.id);
    expect(done.status).toBe("terminated");
    const debits = await usage(key);
    expect(debits).toHaveLength(3);
    expect(debits[0]?.createdAt).toBe(done.terminated_at);
    expect(debits[0]?.description).toMatch(/^Cluster short · 2 × 8× H100 SXM · \d+ min$/);
    const charged = 500 - (await h.balance(key));
    expect(cents(-sum(debits))).toBe(cents(charged));
    await h.control.advance(5 * HOUR);
    expect(await usage(key)).toHaveLength(3);
  });

  it("each cluster's debits add up to its own charge, across a resize and with two clusters billed at once", async () => {
    const key = h.newKey();
    await h.control.setBalance(key, 5000);
    const a = await h.createReady(key, { name: "grow", node_count: 2 });
    const b = await h.createReady(key, {
      name: "steady",
      node_count: 3,
      offer_id: "l40s-8x-roce-chicago",
      stack: "none",
    });
    await h.control.advance(1800);
    expect((await h.call("PATCH", `/clusters/${a.id}`, { key, body: { node_count: 5 } })).status).toBe(200);
    await h.control.advance(2 * HOUR + 777);
    for (const id of [a.id, b.id]) await h.call("DELETE", `/clusters/${id}`, { key });
    await h.control.advance(60);
    const debits = await usage(key);
    for (const id of [a.id, b.id]) {
      const c = await h.getCluster(key, id);
      const end = Date.parse(c.terminated_at ?? "");
      // Machine-hours: the first machines from billed_since, each added one from when it joined.
      const since = c.billing?.billed_since ?? "";
      const starts = [
        ...Array.from({ length: c.name === "grow" ? 2 : 3 }, () => since),
        ...(c.events ?? []).filter((e) => e.kind === "node_added").map((e) => e.at),
      ];
      expect(starts).toHaveLength(c.node_count);
      const machineHours = starts.reduce((s, at) => s + (end - Date.parse(at)) / 3_600_000, 0);
      const own = debits.filter((t) => t.description?.startsWith(`Cluster ${c.name} ·`));
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(cents(-sum(own))).toBe(cents(machineHours * c.hourly_rate_per_node));
    }
    // Credits, the adjustment and the debits explain the balance (each cluster rounds to its own cent).
    expect(Math.abs(cents(sum(await all(key))) - cents(await h.balance(key)))).toBeLessThanOrEqual(2);
  });

  it("closes the period when credits run out, and records balance changes as adjustments", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { node_count: 4 });
    const before = await h.balance(key);
    await h.control.setBalance(key, 100);
    await h.control.advance(3 * HOUR);
    const dead = await h.getCluster(key, c.id);
    expect(dead.failure_reason).toBe("insufficient_credits");
    const txns = await all(key);
    const adjustment = txns.find((t) => t.type === "adjustment");
    expect(adjustment?.description).toBe("Balance set to $100.00 (simulator control)");
    // The balance read before the set is a moment older than the set itself (the clock bills in between), so the
    // adjustment matches it to within a cent.
    expect(Math.abs(cents(adjustment?.amount ?? Number.NaN) - cents(100 - before))).toBeLessThanOrEqual(1);
    expect(txns[0]).toMatchObject({ type: "usage", createdAt: dead.terminated_at });
    expect(cents(sum(txns))).toBe(0);
  });

  it("records nothing for a cluster that failed before up_at", async () => {
    const key = h.newKey();
    await h.control.faults({ failNextCreate: true });
    const c = clusterOf(await h.create(key));
    await h.control.advance(300);
    expect((await h.getCluster(key, c.id)).status).toBe("failed");
    expect(await usage(key)).toEqual([]);
  });

  it("pages with limit/offset and filters by type", async () => {
    const key = h.newKey();
    await h.createReady(key, { node_count: 2 });
    await h.control.advance(5 * HOUR);
    const everything = await all(key);
    expect(everything).toHaveLength(6);
    expect(everything.at(-1)?.type).toBe("credit");
    const first = await page(key, "?limit=2");
    expect(first.data).toEqual(everything.slice(0, 2));
    expect(first.meta).toMatchObject({ hasMore: true, total: 6 });
    const last = await page(key, "?limit=2&offset=4");
    expect(last.data).toEqual(everything.slice(4));
    expect(last.meta).toMatchObject({ hasMore: false, total: 6 });
    expect((await page(key, "?offset=10")).data).toEqual([]);
    const credits = await page(key, "?type=credit");
    expect(credits.data.map((t) => t.type)).toEqual(["credit"]);
    expect(credits.meta?.total).toBe(1);
    expect((await page(key, "?type=refund")).data).toEqual([]);
    expect((await page(key)).data).toHaveLength(6);
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=abc", "limit"],
    ["?offset=-5", "offset"],
    ["?type=bonus", "type"],
  ])("answers 400 for %s naming %s", async (query, param) => {
    const res = await h.call("GET", `/billing/transactions${query}`, { key: h.newKey() });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "bad_request", details: { param } });
  });

  it("is workspace-wide: clusters of every environment, no other key's", async () => {
    const key = h.newKey();
    await h.createReady(key, { name: "staged" }, { environment: "staging" });
    await h.control.advance(HOUR);
    expect((await usage(key)).map((t) => t.description?.split(" · ")[0])).toEqual(["Cluster staged"]);
    expect(await usage(h.newKey())).toEqual([]);
  });

  it("string-prices: amounts are numeric strings", async () => {
    const key = h.newKey();
    await h.control.variants(["string-prices"], key);
    const res = await h.call("GET", "/billing/transactions", { key });
    expect((res.body as { data: Array<{ amount: unknown }> }).data[0]?.amount).toBe("500");
  });
});
