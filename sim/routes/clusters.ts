/** The cluster endpoints under /api/v1 (runcrate-api.md §2 and §5). */
import {
  MAX_NODES,
  MIN_NODES,
  offersQuerySchema,
  resizeClusterBodySchema,
  startTestBodySchema,
} from "../../lib/runcrate/schemas";
import { filterOffers } from "../catalogue";
import { assertBalance, assertNodeCount, checkIdempotencyKey, createCluster } from "../create-cluster";
import { isTerminal } from "../engine";
import { badRequest, notFound, SimError, validation } from "../errors";
import type { SimCluster, Workspace } from "../model";
import { startTest } from "../nccl";
import { resize, terminate } from "../operations";
import type { ApiContext, Reply, Route } from "../router";
import { clusterOut, testOut } from "../serialize";
import { currentWorkspace, faultsFor } from "../state";
import { resolveEnvironment } from "../workspaces";

function scope(ctx: ApiContext): { ws: Workspace; environment: string } {
  const ws = currentWorkspace(ctx.state, ctx.key);
  const header = ctx.req.headers["x-environment"];
  const environment = resolveEnvironment(
    ws,
    ctx.url.searchParams.get("environment"),
    Array.isArray(header) ? header[0] : header,
  );
  return { ws, environment };
}

function findCluster(ctx: ApiContext): { ws: Workspace; cluster: SimCluster } {
  const { ws, environment } = scope(ctx);
  const id = ctx.params.id ?? "";
  const cluster = ws.clusters.find((c) => c.id === id && c.environment === environment);
  // Another key's or another environment's cluster is indistinguishable from a missing one.
  if (!cluster) throw notFound(`Cluster ${id} was not found in environment ${environment}.`, { id });
  return { ws, cluster };
}

const one = (status: number, c: SimCluster, headers?: Record<string, string>): Reply => ({
  status,
  body: { data: clusterOut(c) },
  headers,
});

function parseOffersQuery(ctx: ApiContext): { volume?: boolean; includeCommunity?: boolean } {
  const q = offersQuerySchema.safeParse({
    nodes: ctx.url.searchParams.get("nodes") ?? undefined,
    volume: ctx.url.searchParams.get("volume") ?? undefined,
    include_community: ctx.url.searchParams.get("include_community") ?? undefined,
  });
  if (!q.success) {
    const param = String(q.error.issues[0]?.path[0] ?? "query");
    throw badRequest(
      param === "nodes"
        ? `Query parameter nodes must be a whole number from ${MIN_NODES} to ${MAX_NODES}.`
        : `Query parameter ${param} must be true or false.`,
      { param },
    );
  }
  return { volume: q.data.volume === "true", includeCommunity: q.data.include_community === "true" };
}

function resizeHandler(ctx: ApiContext): Reply {
  const { ws, cluster } = findCluster(ctx);
  if (typeof ctx.body !== "object" || ctx.body === null || Array.isArray(ctx.body))
    throw badRequest('The request body must be a JSON object like {"node_count": 4}.');
  const parsed = resizeClusterBodySchema.safeParse(ctx.body);
  if (!parsed.success) throw validation("node_count", "node_count must be a whole number from 2 to 64.");
  const target = parsed.data.node_count;
  assertNodeCount(cluster.offer, target);
  const current = cluster.nodeCount;
  if (target > current) assertBalance(ws, cluster.offer, target, `grow this cluster to ${target} machines`);
  resize(cluster, target, ctx.state.clock.now(), ctx.state.config.speed);
  return one(200, cluster);
}

export const clusterRoutes: Route<ApiContext>[] = [
  {
    // GET /clusters/offers — community offers hidden unless include_community=true; volume=true keeps volume-capable ones;
    // `nodes` (2–64) is the count the mcp-shape variant prices `hourly_rate` for.
    method: "GET",
    template: "/clusters/offers",
    handler: (ctx) => {
      scope(ctx);
      const offers = filterOffers(ctx.state.offers, parseOffersQuery(ctx));
      return { status: 200, body: { data: offers, meta: { total: offers.length, hasMore: false } } };
    },
  },
  {
    method: "GET",
    template: "/clusters",
    handler: (ctx) => {
      const { ws, environment } = scope(ctx);
      // Runcrate's tool descriptions: active clusters only unless asked for status=all.
      const activeOnly = ctx.variants.has("mcp-shape") && ctx.url.searchParams.get("status") !== "all";
      const list = ws.clusters
        .filter((c) => c.environment === environment && !(activeOnly && isTerminal(c)))
        .sort((a, b) => b.createdAt - a.createdAt)
        .map(clusterOut);
      return { status: 200, body: { data: list, meta: { total: list.length, hasMore: false } } };
    },
  },
  {
    method: "POST",
    template: "/clusters",
    handler: (ctx) => {
      const { ws, environment } = scope(ctx);
      const rawKey = ctx.req.headers["idempotency-key"];
      const idem = checkIdempotencyKey(Array.isArray(rawKey) ? rawKey[0] : rawKey);
      const rankOrigin = ctx.variants.has("rank-origin-1") ? 1 : 0;
      const out = createCluster(
        ctx.state,
        ws,
        ctx.key,
        environment,
        ctx.body,
        idem,
        ctx.state.clock.now(),
        rankOrigin,
      );
      if (out.replayed) {
        const headers: Record<string, string> = { "Idempotent-Replayed": "true" };
        if (out.bodyMismatch)
          headers["X-Sim-Note"] =
            "Idempotency-Key reused with a different body; returning the cluster it created.";
        return one(200, out.cluster, headers);
      }
      const faults = faultsFor(ctx.state, ctx.key);
      if (faults.dropNextCreateResponse) {
        faults.dropNextCreateResponse = false;
        return { status: 201, drop: true };
      }
      return one(201, out.cluster, { Location: `/api/v1/clusters/${out.cluster.id}` });
    },
  },
  { method: "GET", template: "/clusters/{id}", handler: (ctx) => one(200, findCluster(ctx).cluster) },
  {
    // DELETE /clusters/{id} → 200 with the cluster terminating; repeated calls return the same object.
    method: "DELETE",
    template: "/clusters/{id}",
    handler: (ctx) => {
      const { cluster } = findCluster(ctx);
      const faults = faultsFor(ctx.state, ctx.key);
      if (faults.lostDeletes.includes(cluster.id)) throw notFound("Cluster not found.");
      const over = isTerminal(cluster) || cluster.status === "terminating";
      // Variant: an API that forgets a cluster once it is going away (GET still shows it).
      if (over && ctx.variants.has("delete-404-after"))
        throw notFound(`Cluster ${ctx.params.id ?? ""} was not found.`, { id: ctx.params.id });
      terminate(cluster, ctx.state.clock.now(), ctx.state.config.speed);
      if (!over && faults.dropNextDeleteResponse) {
        faults.dropNextDeleteResponse = false;
        return { status: 200, drop: true };
      }
      if (!over && faults.badGatewayOnNextDelete) {
        faults.badGatewayOnNextDelete = false;
        faults.lostDeletes.push(cluster.id);
        throw new SimError(502, "bad_gateway", "Upstream connection reset.");
      }
      return one(200, cluster);
    },
  },
  { method: "PATCH", template: "/clusters/{id}", handler: resizeHandler },
  { method: "POST", template: "/clusters/{id}/resize", handler: resizeHandler },
  {
    // POST /clusters/{id}/tests → 202 with the running test; poll the cluster's last_test.
    method: "POST",
    template: "/clusters/{id}/tests",
    handler: (ctx) => {
      const { cluster } = findCluster(ctx);
      const body = ctx.body ?? {};
      if (typeof body !== "object" || body === null || Array.isArray(body))
        throw badRequest("The request body must be a JSON object.");
      const parsed = startTestBodySchema.safeParse(body);
      if (!parsed.success)
        throw validation("kind", "kind must be nccl_all_reduce, the only test the API runs.");
      const test = startTest(cluster, ctx.state.clock.now(), ctx.state.config.speed, {
        queuedSeconds: ctx.variants.int("test-queued"),
        runSeconds: ctx.variants.int("test-seconds"),
      });
      return { status: 202, body: { data: testOut(test) } };
    },
  },
];
