/**
 * Straight calls to the simulator: its Runcrate API (as a key holder) and its /__sim control endpoints.
 * Used to set up state and to count what the app really sent upstream.
 */
import { randomUUID } from "node:crypto";

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

export type SimOffer = {
  id: string;
  min_nodes: number;
  max_nodes: number;
  allowed_node_counts?: number[] | null;
  stacks: string[];
  volume?: boolean | null;
  available?: boolean;
};
export type SimCluster = { id: string; name: string; status: string };
export type SimRequest = {
  method: string;
  path: string;
  concrete_path: string;
  key_suffix: string | null;
  status: number;
  at: string;
};

export function simClient(simUrl: string) {
  const api = `${simUrl}/api/v1`;
  return {
    async offers(key: string): Promise<SimOffer[]> {
      const r = await call(`${api}/clusters/offers?include_community=true`, { key });
      if (r.status !== 200) throw new Error(`GET /clusters/offers → ${r.status}`);
      // Either shape (the mcp-shape variant names the id `offer_id`); tests hold it as `id`.
      return (r.body as { data: Array<SimOffer & { offer_id?: string }> }).data.map(({ offer_id, ...o }) => ({
        ...o,
        id: offer_id ?? o.id,
      }));
    },
    /** POST /clusters with a fresh Idempotency-Key and the offer's smallest allowed node count. */
    async createCluster(
      key: string,
      offer: SimOffer,
      name = `bench-${randomUUID().slice(0, 8)}`,
    ): Promise<SimCluster> {
      const nodes = offer.allowed_node_counts?.length
        ? Math.min(...offer.allowed_node_counts)
        : Math.max(2, offer.min_nodes);
      const r = await call(`${api}/clusters`, {
        key,
        method: "POST",
        headers: { "idempotency-key": randomUUID() },
        body: JSON.stringify({ name, offer_id: offer.id, node_count: nodes, stack: "none" }),
      });
      if (r.status !== 201 && r.status !== 200)
        throw new Error(`POST /clusters → ${r.status}: ${JSON.stringify(r.body)}`);
      return (r.body as { data: SimCluster }).data;
    },
    async cluster(key: string, id: string): Promise<SimCluster> {
      const r = await call(`${api}/clusters/${id}`, { key });
      if (r.status !== 200) throw new Error(`GET /clusters/${id} → ${r.status}`);
      return (r.body as { data: SimCluster }).data;
    },
    async terminate(key: string, id: string): Promise<void> {
      const r = await call(`${api}/clusters/${id}`, { key, method: "DELETE" });
      if (r.status >= 300) throw new Error(`DELETE /clusters/${id} → ${r.status}`);
    },
    async clustersOf(key: string): Promise<SimCluster[]> {
      const r = await call(`${simUrl}/__sim/workspaces/clusters?key=${encodeURIComponent(key)}`);
      return (r.body as { data: SimCluster[] }).data;
    },
    async stats(): Promise<{ requests: SimRequest[]; total: number }> {
      return (await call(`${simUrl}/__sim/stats`)).body as { requests: SimRequest[]; total: number };
    },
    async resetStats(): Promise<void> {
      await call(`${simUrl}/__sim/stats/reset`, { method: "POST" });
    },
    async faults(body: Json): Promise<void> {
      const r = await call(`${simUrl}/__sim/faults`, { method: "POST", body: JSON.stringify(body) });
      if (r.status >= 300) throw new Error(`POST /__sim/faults → ${r.status}: ${JSON.stringify(r.body)}`);
    },
    async clearFaults(): Promise<void> {
      await call(`${simUrl}/__sim/faults`, { method: "DELETE" });
    },
    async advance(seconds: number): Promise<void> {
      await call(`${simUrl}/__sim/clock/advance`, { method: "POST", body: JSON.stringify({ seconds }) });
    },
    async reset(): Promise<void> {
      await call(`${simUrl}/__sim/reset`, { method: "POST" });
    },
    /** Polls GET /clusters/{id} until `pred` holds (bounded by `timeoutMs`). */
    async waitFor(
      key: string,
      id: string,
      pred: (c: SimCluster) => boolean,
      timeoutMs: number,
    ): Promise<SimCluster> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const c = await this.cluster(key, id);
        if (pred(c)) return c;
        if (Date.now() > deadline) throw new Error(`cluster ${id} still ${c.status} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 300));
      }
    },
  };
}
export type SimClient = ReturnType<typeof simClient>;
