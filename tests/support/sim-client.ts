/**
 * The one client tests use to talk to a running simulator over HTTP: its Runcrate API as a key holder (so a test does
 * not depend on the create form to get a cluster) and its /__sim control endpoints (balances, variants, faults, the
 * clock, and what the app sent upstream). Plain fetch and plain errors, so it serves vitest, the browser specs
 * (tests/support/sim.ts binds it to the e2e simulator), the service and reliability suites alike.
 *
 * Faults and variants can be set per key, so a test that breaks its own workspace runs beside the others. The
 * request log and the clock are the simulator's own: a test that resets the one or moves the other needs the
 * simulator to itself.
 */
import { randomUUID } from "node:crypto";
import {
  clusterResponseSchema,
  offersResponseSchema,
  type Cluster,
  type Offer,
} from "@/lib/runcrate/schemas";

type Json = Record<string, unknown>;

async function call(
  url: string,
  init: RequestInit & { key?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  // Control POSTs must say JSON even without a body (sim/control-guard.ts).
  if (init.body || init.method === "POST") headers["content-type"] = "application/json";
  const res = await fetch(url, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** The call's answer when it has the status `ok` accepts, else an error naming the request and what came back. */
async function expectOk(
  what: string,
  answer: Promise<{ status: number; body: unknown }>,
  ok: (status: number) => boolean = (s) => s >= 200 && s < 300,
): Promise<unknown> {
  const r = await answer;
  if (!ok(r.status)) throw new Error(`${what} → ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A Runcrate key no other test has used: on the simulator, a fresh workspace of its own. */
export function freshKey(): string {
  return `rc_live_${randomUUID().replace(/-/g, "")}`;
}

export type SimOffer = Offer;
export type SimCluster = { id: string; name: string; status: string; node_count: number; stack: string };
export type SimRequest = {
  method: string;
  path: string;
  concrete_path: string;
  key_suffix: string | null;
  status: number;
  at: string;
  /** Its place in the log (`total` when it was recorded). */
  seq: number;
};

/** The offer's smallest node count of at least `atLeast` (2 unless told), within what it allows. */
export function smallestCount(o: Offer, atLeast = 2): number {
  const allowed = o.allowed_node_counts?.length ? [...o.allowed_node_counts].sort((a, b) => a - b) : null;
  if (allowed)
    return allowed.find((n) => n >= Math.max(atLeast, o.min_nodes)) ?? allowed[allowed.length - 1]!;
  return Math.max(atLeast, o.min_nodes, 2);
}

export type CreateOptions = {
  /** The offer, or its id; else the cheapest datacenter offer that takes the stack and node count. */
  offer?: Offer;
  offerId?: string;
  name?: string;
  /** "slurm" unless told. */
  stack?: string;
  /** The offer's smallest count (at least 2) unless told. */
  nodes?: number;
  /** Set the workspace's balance to this first (a launch needs an hour's worth). */
  credits?: number;
};

export function simClient(simUrl: string) {
  const api = `${simUrl}/api/v1`;

  async function offers(key: string): Promise<Offer[]> {
    const body = await expectOk(
      "GET /clusters/offers",
      call(`${api}/clusters/offers?include_community=true`, { key }),
    );
    // Either shape (the mcp-shape variant names the id `offer_id`): tests hold it as `id`.
    return offersResponseSchema.parse(body).data;
  }

  /** A cheap datacenter offer that takes the stack ("slurm" unless told) and at least `minNodes` (2) nodes. */
  async function pickOffer(key: string, opts: { stack?: string; minNodes?: number } = {}): Promise<Offer> {
    const stack = opts.stack ?? "slurm";
    const need = opts.minNodes ?? 2;
    const fits = (await offers(key))
      .filter((o) => o.host_tier === "datacenter" && o.stacks.includes(stack) && o.max_nodes >= need)
      .filter((o) => !o.allowed_node_counts?.length || o.allowed_node_counts.some((n) => n >= need))
      .sort((a, b) => a.hourly_rate_per_node - b.hourly_rate_per_node);
    if (!fits[0]) throw new Error(`the simulator has no datacenter offer with ${stack} and ${need}+ nodes`);
    return fits[0];
  }

  async function setBalance(key: string, credits: number): Promise<void> {
    await expectOk(
      "POST /__sim/workspaces/balance",
      call(`${simUrl}/__sim/workspaces/balance`, { method: "POST", body: JSON.stringify({ key, credits }) }),
    );
  }

  /** POST /clusters as the key, with a fresh Idempotency-Key; the created cluster and the offer it was made from. */
  async function createCluster(
    key: string,
    opts: CreateOptions = {},
  ): Promise<{ cluster: Cluster; offer: Offer }> {
    if (opts.credits !== undefined) await setBalance(key, opts.credits);
    let offer = opts.offer;
    if (!offer && opts.offerId) {
      offer = (await offers(key)).find((o) => o.id === opts.offerId);
      if (!offer) throw new Error(`offer ${opts.offerId} is not in the simulator's catalogue`);
    }
    offer ??= await pickOffer(key, { stack: opts.stack, minNodes: opts.nodes });
    const name = opts.name ?? `t-${randomUUID().slice(0, 8)}`;
    const body = await expectOk(
      "POST /clusters",
      call(`${api}/clusters`, {
        key,
        method: "POST",
        headers: { "idempotency-key": randomUUID() },
        body: JSON.stringify({
          name,
          offer_id: offer.id,
          node_count: opts.nodes ?? smallestCount(offer),
          stack: opts.stack ?? "slurm",
        }),
      }),
    );
    return { cluster: clusterResponseSchema.parse(body).data, offer };
  }

  async function getCluster(key: string, id: string): Promise<Cluster> {
    const body = await expectOk(`GET /clusters/${id}`, call(`${api}/clusters/${id}`, { key }));
    return clusterResponseSchema.parse(body).data;
  }

  /** Polls GET /clusters/{id} until `pred` holds; an error naming the last status after `timeoutMs`. */
  async function waitFor(
    key: string,
    id: string,
    pred: (c: Cluster) => boolean,
    timeoutMs = 120_000,
  ): Promise<Cluster> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const c = await getCluster(key, id);
      if (pred(c)) return c;
      if (Date.now() > deadline) throw new Error(`cluster ${id} still ${c.status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function stats(): Promise<{ requests: SimRequest[]; total: number }> {
    return (await expectOk("GET /__sim/stats", call(`${simUrl}/__sim/stats`))) as {
      requests: SimRequest[];
      total: number;
    };
  }

  async function faults(body: Json): Promise<void> {
    await expectOk(
      "POST /__sim/faults",
      call(`${simUrl}/__sim/faults`, { method: "POST", body: JSON.stringify(body) }),
    );
  }

  return {
    offers,
    pickOffer,
    setBalance,
    createCluster,
    getCluster,
    waitFor,
    stats,
    faults,
    waitForStatus: (key: string, id: string, status: string, timeoutMs = 120_000) =>
      waitFor(key, id, (c) => c.status === status, timeoutMs),

    terminate: async (key: string, id: string): Promise<void> => {
      await expectOk(`DELETE /clusters/${id}`, call(`${api}/clusters/${id}`, { key, method: "DELETE" }));
    },
    /** PATCH /clusters/{id}: a resize to `nodeCount` nodes. */
    resize: async (key: string, id: string, nodeCount: number): Promise<void> => {
      await expectOk(
        `PATCH /clusters/${id}`,
        call(`${api}/clusters/${id}`, {
          key,
          method: "PATCH",
          body: JSON.stringify({ node_count: nodeCount }),
        }),
      );
    },
    /** POST /clusters/{id}/tests; its status (409 while one runs is an answer, not an error). */
    startTest: async (key: string, id: string): Promise<number> => {
      const r = await call(`${api}/clusters/${id}/tests`, {
        key,
        method: "POST",
        body: JSON.stringify({ kind: "nccl_all_reduce" }),
      });
      return r.status;
    },
    sshKeys: async (key: string): Promise<Array<{ id: string; name: string }>> => {
      const body = await expectOk("GET /ssh-keys", call(`${api}/ssh-keys`, { key }));
      return (body as { data: Array<{ id: string; name: string }> }).data;
    },
    deleteSshKey: async (key: string, id: string): Promise<void> => {
      await expectOk(`DELETE /ssh-keys/${id}`, call(`${api}/ssh-keys/${id}`, { key, method: "DELETE" }));
    },

    /** Every cluster of the key's workspace, ended ones included (the control view, not the API's list). */
    clustersOf: async (key: string): Promise<SimCluster[]> => {
      const body = await expectOk(
        "GET /__sim/workspaces/clusters",
        call(`${simUrl}/__sim/workspaces/clusters?key=${encodeURIComponent(key)}`),
      );
      return (body as { data: SimCluster[] }).data;
    },
    /** Empties the log for everyone: only for a runner that has the simulator to itself (bench, reliability). */
    resetStats: async (): Promise<void> => {
      await expectOk("POST /__sim/stats/reset", call(`${simUrl}/__sim/stats/reset`, { method: "POST" }));
    },
    /** Faults for one key's requests only (an outage, a failed or dropped create …). */
    setFaults: (key: string, f: Json) => faults({ ...f, key }),
    /** Ends one key's faults, or every fault without a key. */
    clearFaults: async (key?: string): Promise<void> => {
      const query = key ? `?key=${encodeURIComponent(key)}` : "";
      await expectOk("DELETE /__sim/faults", call(`${simUrl}/__sim/faults${query}`, { method: "DELETE" }));
    },
    /** Answer variants for one workspace, or for all with a null key (sim/README.md, "Variants"); [] ends them. */
    setVariants: async (key: string | null, variants: string[]): Promise<void> => {
      const body = key === null ? { variants } : { key, variants };
      await expectOk(
        "POST /__sim/variants",
        call(`${simUrl}/__sim/variants`, { method: "POST", body: JSON.stringify(body) }),
      );
    },
    speed: async (): Promise<number> => {
      return ((await expectOk("GET /__sim/clock", call(`${simUrl}/__sim/clock`))) as { speed: number }).speed;
    },
    /**
     * Moves the clock (negative: back, a day at most). Set back for a launch and forward again, it makes the cluster
     * look launched that long ago, so a time limit comes due without waiting for it.
     */
    advance: async (seconds: number): Promise<void> => {
      await expectOk(
        "POST /__sim/clock/advance",
        call(`${simUrl}/__sim/clock/advance`, { method: "POST", body: JSON.stringify({ seconds }) }),
      );
    },
    reset: async (): Promise<void> => {
      await expectOk("POST /__sim/reset", call(`${simUrl}/__sim/reset`, { method: "POST" }));
    },
  };
}
export type SimClient = ReturnType<typeof simClient>;
