/**
 * The client against the simulator's response variants — the ways a real Runcrate API may differ from
 * runcrate-api.md. Each block names the point of the issue it covers.
 */
import { WHOLE_LIST } from "@/tests/support/fixtures";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { failureDisplay } from "@/lib/clusters/failure";
import { ncclVerdict, testStartBlocked } from "@/lib/clusters/nccl";
import { nodeState } from "@/lib/clusters/node-state";
import { clusterInterval, FAST_POLL_MS } from "@/lib/clusters/polling";
import { isNodeInProgress } from "@/lib/clusters/status";
import { toCreateBody } from "@/lib/launch/form";
import { buildCreateClusterSchema } from "@/lib/launch/schema";
import { knownStacks, validNodeCounts } from "@/lib/offers/offer-rules";
import { listNotesText, unreadableListText } from "@/lib/query/list-notes";
import type { RuncrateError } from "@/lib/runcrate/server/errors";
import type { RunningSimulator } from "@/sim/server";
import {
  captureLog,
  clientFor,
  freshKey,
  setVariants,
  simClient,
  startSim,
} from "@/tests/runcrate/support-sim";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(async () => {
  await sim.close();
});

/** A workspace with `n` clusters (stack none), made before any variant is switched on. */
async function workspaceWith(n: number): Promise<{ key: string; ids: string[] }> {
  const key = freshKey();
  const sc = simClient(sim.url);
  const offers = (await sc.offers(key)).filter((o) => o.stacks.includes("none") && o.id.includes("h100"));
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await sc.createCluster(key, { offer: offers[0]!, name: `c-${i}`, stack: "none" })).cluster.id);
  return { key, ids };
}

async function plainOfferIds(): Promise<string[]> {
  const key = freshKey();
  return (await clientFor(sim, key).listOffers({ includeCommunity: true })).items.map((o) => o.id);
}

describe("paging by what meta says", () => {
  it("reads every offer and cluster once with limit/offset paging (offset-paging)", async () => {
    const all = await plainOfferIds();
    const { key, ids } = await workspaceWith(3);
    await setVariants(sim, key, ["offset-paging:2"]);
    const c = clientFor(sim, key);
    const offers = await c.listOffers({ includeCommunity: true });
    expect(offers.items.map((o) => o.id)).toEqual(all);
    expect(offers.notes).toEqual(WHOLE_LIST);
    expect((await c.listClusters()).items.map((x) => x.id).sort()).toEqual([...ids].sort());
  });

  it("reads every offer once following meta.cursor (cursor-paging)", async () => {
    const all = await plainOfferIds();
    const key = freshKey();
    await setVariants(sim, key, ["cursor-paging:3"]);
    const offers = await clientFor(sim, key).listOffers({ includeCommunity: true });
    expect(offers.items.map((o) => o.id)).toEqual(all);
  });

  it("shows the first page once and logs it when the server ignores paging (paging-ignored)", async () => {
    const all = await plainOfferIds();
    const key = freshKey();
    await setVariants(sim, key, ["paging-ignored:2"]);
    const cap = captureLog();
    const offers = await clientFor(sim, key, cap.logger).listOffers({ includeCommunity: true });
    expect(offers.items.map((o) => o.id)).toEqual(all.slice(0, 2));
    expect(offers.notes).toEqual({ unreadable: 0, incomplete: true, fields: [] });
    const logged = cap.lines.filter((l) => l.kind === "paging_ignored");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ method: "GET", path: "/clusters/offers", level: 40 });
  });
});

describe("one odd item never takes down a list", () => {
  it("drops an offer without a price or a GPU, counts it and logs which field (odd-offer)", async () => {
    const all = await plainOfferIds();
    const key = freshKey();
    await setVariants(sim, key, ["odd-offer"]);
    const cap = captureLog();
    const offers = await clientFor(sim, key, cap.logger).listOffers({ includeCommunity: true });
    const odd = ["h100-sxm-8x-ib-helsinki", "h200-sxm-8x-ib-ashburn"];
    expect(offers.items.map((o) => o.id)).toEqual(all.filter((id) => !odd.includes(id)));
    expect(offers.notes).toEqual({
      unreadable: 2,
      incomplete: false,
      fields: ["hourly_rate_per_node", "gpu_type"],
    });
    const line = cap.lines.find((l) => l.kind === "items_dropped");
    const issues = (line?.issues as string[]).join(" ");
    expect(issues).toMatch(/hourly_rate_per_node/);
    expect(issues).toMatch(/gpu_type/);
  });

  it("reads prices and counts sent as numeric strings as numbers (string-prices, string-counts)", async () => {
    const { key, ids } = await workspaceWith(1);
    const plain = clientFor(sim, key);
    const before = { offers: await plain.listOffers(), cluster: await plain.getCluster(ids[0]!) };
    await setVariants(sim, key, ["string-prices", "string-counts"]);
    const c = clientFor(sim, key);
    const offers = await c.listOffers();
    expect(offers).toEqual(before.offers);
    expect(typeof offers.items[0]!.hourly_rate_per_node).toBe("number");
    const cluster = await c.getCluster(ids[0]!);
    expect(cluster.node_count).toBe(before.cluster.node_count);
    expect(cluster.hourly_rate_per_node).toBe(before.cluster.hourly_rate_per_node);
    expect(typeof (await c.getBalance()).creditsBalance).toBe("number");
  });

  it("reads a numeric MASTER_PORT and a null event message (numeric-env, null-event-message)", async () => {
    const { key, ids } = await workspaceWith(1);
    sim.clock.advance(600);
    await setVariants(sim, key, ["numeric-env", "null-event-message"]);
    const cluster = await clientFor(sim, key).getCluster(ids[0]!);
    expect(cluster.connection?.env?.MASTER_PORT).toBe("29500");
    const created = cluster.events?.find((e) => e.kind === "cluster_created");
    expect(created?.message).toBe("");
  });

  it("reads numeric ids as strings that work in paths (numeric-ids)", async () => {
    const { key } = await workspaceWith(2);
    await setVariants(sim, key, ["numeric-ids"]);
    const c = clientFor(sim, key);
    const list = await c.listClusters();
    expect(list.items.every((x) => typeof x.id === "string" && /^\d+$/.test(x.id))).toBe(true);
    await expect(c.getCluster(list.items[0]!.id)).resolves.toMatchObject({ id: list.items[0]!.id });
  });
});

describe("the note under a list", () => {
  it("says how many items could not be read, and when paging was ignored", () => {
    expect(listNotesText({ unreadable: 1, incomplete: false, fields: [] }, "offer")).toBe(
      "1 offer could not be read and is not shown.",
    );
    expect(
      listNotesText({ unreadable: 3, incomplete: false, fields: ["offer_id", "gpu_type"] }, "offer"),
    ).toBe("3 offers could not be read (on offer_id, gpu_type) and are not shown.");
    expect(listNotesText({ unreadable: 2, incomplete: true, fields: ["node_count"] }, "cluster")).toBe(
      "2 clusters could not be read (on node_count) and are not shown. Runcrate did not page this list as expected, so some clusters may be missing.",
    );
    expect(listNotesText({ unreadable: 0, incomplete: false, fields: [] }, "offer")).toBeNull();
    expect(listNotesText(null, "offer")).toBeNull();
  });

  it("an empty list whose items were all unreadable says so instead of 'none'", () => {
    expect(
      unreadableListText({ unreadable: 1, incomplete: false, fields: ["node_count"] }, "cluster"),
    ).toEqual({
      title: "Runcrate sent 1 cluster, and Clusterdeck could not read it",
      body: "It does not match the shape this version of Clusterdeck reads (on node_count). Details are in the server log.",
    });
    expect(unreadableListText({ unreadable: 0, incomplete: true, fields: [] }, "cluster")).toBeNull();
    expect(unreadableListText(undefined, "cluster")).toBeNull();
  });
});

describe("validation answers from the simulator map onto fields", () => {
  const badCreate = async (variants: string[]) => {
    const key = freshKey();
    const offer = (await simClient(sim.url).offers(key)).find((o) => o.stacks.includes("none"))!;
    await setVariants(sim, key, variants);
    const err = await clientFor(sim, key)
      .createCluster(
        { name: "-bad-", offer_id: offer.id, node_count: offer.min_nodes, stack: "none" },
        {
          idempotencyKey: `k-${variants.join(",")}`,
        },
      )
      .catch((e: unknown) => e as RuncrateError);
    return err as RuncrateError;
  };

  it.each([
    [["validation-400"], 400],
    [["validation-400", "validation-shape:loc"], 400],
    [["validation-shape:field-map"], 422],
    [["validation-shape:loc"], 422],
    [["validation-shape:errors-list"], 422],
  ])("%j → the name field, the upstream message, no retry", async (variants, status) => {
    const err = await badCreate(variants);
    expect(err.status).toBe(status);
    expect(err.kind).toBe("validation");
    expect(Object.keys(err.fieldErrors)).toEqual(["name"]);
    expect(err.userMessage).toMatch(/^Runcrate rejected the request: /);
    expect(err.userMessage).not.toMatch(/try again/i);
  });
});

describe("a 402 shows only figures the API gave", () => {
  const shortLaunch = async (variant: string) => {
    const key = freshKey();
    const offer = (await simClient(sim.url).offers(key)).find((o) => o.stacks.includes("none"))!;
    const r = await fetch(`${sim.url}/__sim/workspaces/balance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key, credits: 3 }),
    });
    expect(r.status).toBe(200);
    await setVariants(sim, key, [variant]);
    return (await clientFor(sim, key)
      .createCluster(
        { name: "short", offer_id: offer.id, node_count: offer.min_nodes, stack: "none" },
        {
          idempotencyKey: `k-${variant}`,
        },
      )
      .catch((e: unknown) => e)) as RuncrateError;
  };

  it("reads the amounts under other names (credits-details-alt:needed)", async () => {
    const err = await shortLaunch("credits-details-alt:needed");
    expect(err.kind).toBe("insufficient_credits");
    expect(err.details).toMatchObject({ available_credits: 3 });
    const needed = err.details?.needed_credits as number;
    expect(err.userMessage).toBe(
      `Not enough credits: this needs at least $${needed.toFixed(2)} and the workspace has $3.00. Add credits on runcrate.ai, then try again.`,
    );
  });

  it("shows the API's own words when it gives no figures (credits-details-alt:none)", async () => {
    const err = await shortLaunch("credits-details-alt:none");
    expect(err.kind).toBe("insufficient_credits");
    expect(err.details).toBeNull();
    expect(err.userMessage).toMatch(
      /Runcrate says: Not enough credits to .*\$3\.00 available\. Add credits on runcrate\.ai/,
    );
  });
});

describe("terminate: a stub answer and a 404 after a lost answer are successes", () => {
  afterEach(async () => {
    await fetch(`${sim.url}/__sim/faults`, { method: "DELETE" });
  });

  it("takes a 202 {id, status} stub as the terminate having worked (delete-202-stub)", async () => {
    const { key, ids } = await workspaceWith(1);
    await setVariants(sim, key, ["delete-202-stub"]);
    await expect(clientFor(sim, key).terminateCluster(ids[0]!)).resolves.toEqual({
      id: ids[0],
      status: "terminating",
      stub: true,
    });
  });

  it("reads the cluster after a retried DELETE answers 404, and reports it terminating (delete-404-after)", async () => {
    const { key, ids } = await workspaceWith(1);
    await setVariants(sim, key, ["delete-404-after"]);
    await simClient(sim.url).faults({ dropNextDeleteResponse: true });
    const after = await clientFor(sim, key).terminateCluster(ids[0]!);
    expect(after?.status).toMatch(/^terminat/);
    const sc = await simClient(sim.url).clustersOf(key);
    expect(sc.find((c) => c.id === ids[0])?.status).toMatch(/^terminat/);
  });
});

describe("the cluster page's reading of a live cluster", () => {
  /** A cluster brought to ready (stack none) on the manual clock. */
  async function readyCluster(): Promise<{ key: string; id: string }> {
    const { key, ids } = await workspaceWith(1);
    for (let i = 0; i < 40; i++) {
      const c = await simClient(sim.url).getCluster(key, ids[0]!);
      if (c.status === "ready") return { key, id: ids[0]! };
      await simClient(sim.url).advance(30);
    }
    throw new Error("cluster never became ready");
  }

  it("shows failure_reason on a ready, billed cluster as a warning (failure-reason-running)", async () => {
    const { key, id } = await readyCluster();
    await setVariants(sim, key, ["failure-reason-running"]);
    const c = await clientFor(sim, key).getCluster(id);
    expect(c.status).toBe("ready");
    expect(c.failure_reason).toBe("node_degraded");
    expect(failureDisplay(c)).toBe("warning");
    expect(failureDisplay({ ...c, status: "failed" })).toBe("failure");
    expect(failureDisplay({ ...c, status: "terminated" })).toBe("failure");
    expect(failureDisplay({ ...c, failure_reason: null })).toBeNull();
  });

  it("counts machines reported `active` on a ready cluster as up (node-status-active)", async () => {
    const { key, id } = await readyCluster();
    await setVariants(sim, key, ["node-status-active"]);
    const c = await clientFor(sim, key).getCluster(id);
    const nodes = c.nodes ?? [];
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    expect(nodes.every((n) => n.status === "active")).toBe(true);
    expect(nodes.map((n) => nodeState(n, c.status))).toEqual(nodes.map(() => "up"));
    expect(nodes.some((n) => isNodeInProgress(n, c.status))).toBe(false);
  });

  it("treats a queued test as running: no result yet, Run again blocked, fast polling (test-queued)", async () => {
    const { key, id } = await readyCluster();
    await setVariants(sim, key, ["test-queued:60"]);
    const c = clientFor(sim, key);
    const test = await c.startTest(id);
    expect(test.status).toBe("queued");
    const cluster = await c.getCluster(id);
    expect(cluster.last_test?.status).toBe("queued");
    expect(ncclVerdict(cluster.last_test, cluster.interconnect)).toMatchObject({
      verdict: "running",
      label: "Queued",
    });
    expect(testStartBlocked(cluster)).toMatch(/already running/);
    expect(clusterInterval(cluster)).toBe(FAST_POLL_MS);
  });
});

describe("numeric SSH key ids go from the list through the form to a launch (numeric-ids)", () => {
  it("lists the key with a string id, the form takes it, and the launch with it succeeds", async () => {
    const key = freshKey();
    await setVariants(sim, key, ["numeric-ids"]);
    const c = clientFor(sim, key);
    await c.addSshKey({
      name: "laptop",
      public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBx4ybOA1mJNcOGLgOEXyRnYhP4dYVqoHDZ2WVo4pIqM me@host",
    });
    const [ssh] = (await c.listSshKeys()).items;
    expect(ssh!.id).toMatch(/^\d+$/);
    const offer = (await c.listOffers()).items.find((o) => knownStacks(o).includes("none"))!;
    const values = {
      name: "numeric",
      node_count: validNodeCounts(offer)[0]!,
      stack: "none" as const,
      ssh_key_ids: [ssh!.id],
      storage_id: "",
      include_community: false,
    };
    const checked = buildCreateClusterSchema(offer, { sshKeyIds: [ssh!.id] }).safeParse(values);
    expect(checked.success).toBe(true);
    const { cluster } = await c.createCluster(toCreateBody(offer, values), { idempotencyKey: "numeric-ssh" });
    expect(cluster.id).toMatch(/^\d+$/);
  });
});
