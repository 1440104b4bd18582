/**
 * The response side of the variants: a handler answers in the simulator's usual shape, and this module rewrites the
 * JSON on its way out (odd fields, strings for numbers, numeric ids, paging, the DELETE stub). Only copies are
 * changed; the catalogue and the workspaces keep their values.
 */
import type { NumericIds } from "./numeric-ids";
import type { Reply } from "./router";
import { PAGED_ROUTES, pageOf } from "./variant-paging";
import type { VariantSet } from "./variants";

type Obj = Record<string, unknown>;

/** Offers the per-item variants change (one oddity per offer, so the rest of the list stays usable). */
export const ODD_OFFERS = {
  noRate: "h100-sxm-8x-ib-helsinki",
  noGpuType: "h200-sxm-8x-ib-ashburn",
  longGpuName: "h100-sxm-8x-ib-dallas",
  unknownStack: "h100-sxm-8x-ib-dallas",
} as const;
export const LONG_GPU_NAME =
  "NVIDIA H100 80GB HBM3 SXM5 (NVLink 4 / NVSwitch, liquid-cooled, 700 W TDP, PCIe Gen5 host interface)";
export const UNKNOWN_STACK = "slurm-ha";

export interface WireContext {
  route: string;
  url: URL;
  key: string;
  variants: VariantSet;
  ids: NumericIds;
  /** Offers whose create answers 409 no_capacity (faults): none available. */
  soldOut: readonly string[];
}

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "number" ? String(v) : v);

/** A read of a cluster holds at most its last 50 events (Runcrate's tool descriptions). */
export const MCP_EVENTS = 50;

/** Storage per node the catalogue does not keep: NVMe scratch sized by the GPUs it serves. */
const STORAGE_GB_PER_GPU = 960;

/**
 * An offer as Runcrate's tool descriptions give it: `offer_id`, the machine behind each node, stock (null on
 * community hosts, where only a launch can tell; 0 when sold out) and the whole cluster's rate at the queried count.
 */
function mcpOffer(o: Obj, c: WireContext): Obj {
  const { id, gpu_memory_gb, vcpus_per_node, memory_gb_per_node, ...rest } = o;
  const nodes = Number(c.url.searchParams.get("nodes") ?? 2);
  const perNode = typeof o.hourly_rate_per_node === "number" ? o.hourly_rate_per_node : null;
  const gpus = typeof o.gpus_per_node === "number" ? o.gpus_per_node : 0;
  return {
    offer_id: id,
    ...rest,
    hourly_rate: perNode === null ? undefined : Math.round(perNode * nodes * 100) / 100,
    nodes_available: c.soldOut.includes(String(id)) ? 0 : o.host_tier === "community" ? null : o.max_nodes,
    node: {
      vcpus: vcpus_per_node,
      memory_gb: memory_gb_per_node,
      storage_gb: gpus * STORAGE_GB_PER_GPU,
      vram_gb: gpu_memory_gb,
    },
  };
}

function offerWire(o: Obj, c: WireContext): Obj {
  const v = c.variants;
  const out: Obj = v.has("mcp-shape") ? mcpOffer(o, c) : { ...o };
  const id = o.id;
  if (v.has("odd-offer") && id === ODD_OFFERS.noRate) delete out.hourly_rate_per_node;
  if (v.has("odd-offer") && id === ODD_OFFERS.noGpuType) delete out.gpu_type;
  if (v.has("long-gpu-name") && id === ODD_OFFERS.longGpuName) out.gpu_type = LONG_GPU_NAME;
  if (v.has("unknown-stack") && id === ODD_OFFERS.unknownStack && Array.isArray(out.stacks))
    out.stacks = [...(out.stacks as unknown[]), UNKNOWN_STACK];
  if (v.has("string-prices"))
    for (const f of ["hourly_rate_per_node", "hourly_rate"]) if (f in out) out[f] = str(out[f]);
  if (v.has("string-counts")) {
    for (const f of ["gpus_per_node", "min_nodes", "max_nodes"]) out[f] = str(out[f]);
    if (Array.isArray(out.allowed_node_counts)) out.allowed_node_counts = out.allowed_node_counts.map(str);
  }
  return out;
}

function testWire(t: Obj, c: WireContext): Obj {
  return c.variants.has("numeric-ids") && typeof t.id === "string"
    ? { ...t, id: c.ids.numberOf(c.key, t.id) }
    : t;
}

function clusterWire(cl: Obj, c: WireContext): Obj {
  const v = c.variants;
  const out: Obj = { ...cl };
  if (v.has("numeric-ids") && typeof out.id === "string") out.id = c.ids.numberOf(c.key, out.id);
  if (isObj(out.last_test)) out.last_test = testWire(out.last_test, c);
  if (v.has("string-prices")) {
    out.hourly_rate_per_node = str(out.hourly_rate_per_node);
    out.hourly_rate = str(out.hourly_rate);
  }
  const nodes = Array.isArray(out.nodes) ? (out.nodes as Obj[]).map((n) => ({ ...n })) : null;
  if (v.has("string-counts")) {
    out.node_count = str(out.node_count);
    out.gpus_per_node = str(out.gpus_per_node);
    if (isObj(out.billing)) out.billing = { ...out.billing, nodes_billed: str(out.billing.nodes_billed) };
    for (const n of nodes ?? []) n.gpus = str(n.gpus);
  }
  if (v.has("node-status-active"))
    for (const n of nodes ?? []) if (n.status === "running") n.status = "active";
  if (v.has("mcp-shape") && Array.isArray(out.events) && out.events.length > MCP_EVENTS)
    out.events = out.events.slice(-MCP_EVENTS);
  if (v.has("mcp-shape")) {
    // No public addresses: every machine is reached through the region's SSH gateway, on a port of its own.
    const gateway = `gw-${typeof out.country_code === "string" ? out.country_code.toLowerCase() : "xx"}.ssh.runcrate.sim`;
    // The gateway's port for a machine, from its (hidden) address: stable, and distinct within a cluster.
    const viaGateway = (cmd: unknown) => {
      const ip = typeof cmd === "string" ? /root@(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(cmd) : null;
      if (!ip) return cmd;
      return `ssh -p ${30000 + ((Number(ip[3]) * 256 + Number(ip[4])) % 30000)} root@${gateway}`;
    };
    for (const n of nodes ?? []) Object.assign(n, { ip: null, ssh_command: viaGateway(n.ssh_command) });
    if (isObj(out.connection))
      out.connection = { ...out.connection, head_ssh: viaGateway(out.connection.head_ssh) };
  }
  if (v.has("private-workers"))
    for (const n of nodes ?? []) if (n.role !== "head") Object.assign(n, { ip: null, ssh_command: null });
  if (nodes) out.nodes = nodes;
  if (v.has("numeric-env") && isObj(out.connection) && isObj(out.connection.env)) {
    const env = out.connection.env;
    out.connection = { ...out.connection, env: { ...env, MASTER_PORT: Number(env.MASTER_PORT) } };
  }
  if (v.has("null-event-message") && Array.isArray(out.events))
    out.events = (out.events as Obj[]).map((e) =>
      e.kind === "cluster_created" ? { ...e, message: null } : e,
    );
  if (v.has("failure-reason-running") && (out.status === "ready" || out.status === "resizing")) {
    // A warning on a healthy, billed cluster: the status stays ready.
    const degraded = nodes?.[Math.min(2, nodes.length - 1)];
    out.failure_reason = "node_degraded";
    out.failure_detail = `${typeof degraded?.name === "string" ? degraded.name : "A node"} (rank ${typeof degraded?.rank === "number" ? degraded.rank : "?"}) is degraded: GPU 5 reports rising ECC errors. The cluster stays up and billed.`;
  }
  if (v.has("mcp-shape")) {
    // The tool descriptions' statuses: `installing` once every machine is up while the stack installs, and
    // `degraded` for a ready cluster Runcrate reports a problem with (failure-reason-running gives it one).
    if (out.status === "provisioning" && out.up_at != null) out.status = "installing";
    if (out.status === "ready" && out.failure_reason) out.status = "degraded";
  }
  if (v.has("empty-status") && out.status === "provisioning") out.status = "";
  if (v.has("long-gpu-name") && out.offer_id === ODD_OFFERS.longGpuName) out.gpu_type = LONG_GPU_NAME;
  return out;
}

/** The fields of a list item in Runcrate's tool descriptions: a summary, without nodes, events, connection or tests. */
const SUMMARY_FIELDS = [
  "id",
  "name",
  "status",
  "node_count",
  "gpus_per_node",
  "gpu_type",
  "location",
  "interconnect",
  "stack",
  "hourly_rate",
  "hourly_rate_per_node",
] as const;

function listItemWire(cl: Obj, c: WireContext): Obj {
  const out = clusterWire(cl, c);
  if (!c.variants.has("mcp-shape")) return out;
  return Object.fromEntries(SUMMARY_FIELDS.filter((f) => f in out).map((f) => [f, out[f]]));
}

function sshKeyWire(k: Obj, c: WireContext): Obj {
  return c.variants.has("numeric-ids") && typeof k.id === "string"
    ? { ...k, id: c.ids.numberOf(c.key, k.id) }
    : k;
}

/** The balance under the tool descriptions' names only: what is left, what burns per hour, and how long it lasts. */
function mcpBalance(b: Obj): Obj {
  const { creditsBalance, activeUsageCost, ...rest } = b;
  const left = typeof creditsBalance === "number" ? creditsBalance : 0;
  const burn = typeof activeUsageCost === "number" ? activeUsageCost : 0;
  return {
    ...rest,
    floating_balance_usd: left,
    burn_usd_per_hour: burn,
    runway_hours: burn > 0 ? Math.round((Math.max(0, left) / burn) * 100) / 100 : null,
  };
}

function moneyWire(o: Obj, fields: string[], v: VariantSet): Obj {
  if (!v.has("string-prices")) return o;
  const out = { ...o };
  for (const f of fields) if (f in out) out[f] = str(out[f]);
  return out;
}

const ITEM_WIRE: Record<string, (item: Obj, c: WireContext) => Obj> = {
  "GET /clusters/offers": offerWire,
  "GET /clusters": listItemWire,
  "POST /clusters": clusterWire,
  "GET /clusters/{id}": clusterWire,
  "DELETE /clusters/{id}": clusterWire,
  "PATCH /clusters/{id}": clusterWire,
  "POST /clusters/{id}/resize": clusterWire,
  "POST /clusters/{id}/tests": testWire,
  "GET /ssh-keys": sshKeyWire,
  "POST /ssh-keys": sshKeyWire,
  "GET /billing/balance": (b, c) =>
    moneyWire(
      c.variants.has("mcp-shape") ? mcpBalance(b) : b,
      ["creditsBalance", "activeUsageCost"],
      c.variants,
    ),
  "GET /billing/transactions": (t, c) => moneyWire(t, ["amount"], c.variants),
};

/** Rewrites a successful /api/v1 reply for the request's variants. */
export function replyWire(reply: Reply, c: WireContext): Reply {
  if (!isObj(reply.body) || c.variants.specs.length === 0) return reply;
  const body: Obj = { ...reply.body };
  const paging = c.variants.paging();
  // Page first: a large catalogue is rewritten one page at a time.
  if (paging && PAGED_ROUTES.has(c.route) && Array.isArray(body.data)) {
    const page = pageOf(body.data, c.url, paging);
    body.data = page.data;
    body.meta = page.meta;
  }
  const wire = ITEM_WIRE[c.route];
  if (wire && Array.isArray(body.data))
    body.data = (body.data as unknown[]).map((x) => (isObj(x) ? wire(x, c) : x));
  else if (wire && isObj(body.data)) body.data = wire(body.data, c);
  if (
    c.route === "POST /clusters" &&
    c.variants.has("numeric-ids") &&
    isObj(body.data) &&
    reply.headers?.Location
  )
    reply = { ...reply, headers: { ...reply.headers, Location: `/api/v1/clusters/${String(body.data.id)}` } };
  if (c.route === "DELETE /clusters/{id}" && c.variants.has("delete-202-stub") && isObj(body.data)) {
    return { ...reply, status: 202, body: { data: { id: body.data.id, status: body.data.status } } };
  }
  return { ...reply, body };
}
