import "server-only";
import { z } from "zod";
import { badResponse, isRuncrateError, type RuncrateError } from "@/lib/runcrate/server/errors";
import { createHttp, type HttpOptions } from "@/lib/runcrate/server/http";
import {
  deleteResponseSchema,
  endpoint,
  ENDPOINTS,
  requestLine,
  type Endpoint,
  type ListEndpoint,
} from "@/lib/runcrate/server/endpoints";
import { redactForDisplay } from "@/lib/runcrate/server/redact";
import { listEnvelopeSchema } from "@/lib/runcrate/server/lists";
import type { Listed } from "@/lib/runcrate/listed";
import { readAllPages } from "@/lib/runcrate/server/paging";
import {
  clusterSchema,
  idString,
  idempotencyKeySchema,
  type AddSshKeyBody,
  type Balance,
  type Cluster,
  type ClusterTest,
  type CreateClusterBody,
  type Environment,
  type Offer,
  type SshKey,
  type StorageVolume,
} from "@/lib/runcrate/schemas";

/**
 * The server-side Runcrate client: one call path through http.ts for every endpoint the console uses (the table in
 * endpoints.ts), with one method per endpoint for callers. Construct one per request with the signed-in
 * user's key (lib/keys/server/runcrate-context.ts does); never import this from client components.
 *
 * Every method resolves to parsed data (unknown fields kept, see schemas.ts) or throws a RuncrateError. Retry modes
 * (see http.ts): reads and DELETE are "safe"; the create is "same-key"; resize, start-test and add-SSH-key are
 * "rate-limit-only", because repeating them after an unclear failure could resize twice, start a second test or
 * report a spurious duplicate-key conflict.
 */

export type RuncrateClientOptions = HttpOptions;
export type RuncrateClient = ReturnType<typeof createRuncrateClient>;

export { MAX_PAGES } from "@/lib/runcrate/server/paging";

/** What a DELETE answered when it did not carry the whole cluster. */
export type TerminateStub = { id: string; status: string; stub: true };

const stubSchema = z.looseObject({ id: idString, status: z.string().nullish() });
/** Statuses that mean a terminate has been taken (or was not needed). */
const ENDING = new Set(["terminating", "terminated", "failed"]);

/** What one call adds to its endpoint: the cluster id in the path, a query, a body, headers. */
type CallArgs = {
  id?: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
};

const optional = (v: boolean | number | undefined) => (v === undefined ? undefined : String(v));

export function createRuncrateClient(opts: RuncrateClientOptions) {
  const http = createHttp(opts);

  /** One request to an endpoint, its answer parsed (null only where the endpoint allows an empty answer). */
  function send<S extends z.ZodType>(e: Endpoint<S>, args: CallArgs = {}) {
    const { method, path } = requestLine(e.route, args.id);
    return http.request({
      method,
      path,
      endpoint: e.route,
      query: args.query,
      body: args.body,
      headers: args.headers,
      schema: e.schema,
      retry: e.retry ?? (method === "GET" || method === "DELETE" ? "safe" : "rate-limit-only"),
      allowEmpty: e.allowEmpty,
      notFoundMessage: e.notFoundMessage,
    });
  }

  /** One request whose answer must have a body. */
  async function read<S extends z.ZodType>(
    e: Endpoint<S>,
    args: CallArgs = {},
  ): Promise<{ status: number; body: z.output<S> }> {
    const res = await send(e, args);
    if (res.body === null) throw badResponse(e.route, res.status, "empty body");
    return { status: res.status, body: res.body };
  }

  /** Every page of a list endpoint: the items read and what had to be left out (lib/runcrate/listed.ts). */
  function readAll<S extends z.ZodType>(
    e: ListEndpoint<S>,
    query: Record<string, string | undefined> = {},
  ): Promise<Listed<z.output<S>>> {
    const page = endpoint({ route: e.route, schema: listEnvelopeSchema });
    return readAllPages({
      item: e.item,
      endpoint: e.route,
      memoryKey: `${http.baseUrl} ${e.route}`,
      fetchPage: (q) => read(page, { query: { ...query, ...q } }),
      note: http.note,
    });
  }

  async function afterDeleteNotFound(id: string, notFound: RuncrateError): Promise<Cluster | TerminateStub> {
    let cluster: Cluster;
    try {
      cluster = await client.getCluster(id);
    } catch (err) {
      if (isRuncrateError(err) && err.kind === "not_found") {
        // Gone now, and our earlier attempt may have been the one that ended it (its answer was lost).
        if (notFound.attempts > 1) return { id, status: "terminated", stub: true };
        throw notFound;
      }
      // The read failed: whether the cluster exists is unknown, so say what failed rather than "doesn't exist".
      throw err;
    }
    if (ENDING.has(cluster.status)) return cluster;
    throw notFound;
  }

  const client = {
    /**
     * GET /clusters/offers — community offers only when asked for; `volume` keeps offers that take a volume; `nodes`
     * is the count an offer's `hourly_rate` (where the API gives one) is priced for.
     */
    listOffers: (
      q: { volume?: boolean; includeCommunity?: boolean; nodes?: number } = {},
    ): Promise<Listed<Offer>> =>
      readAll(ENDPOINTS.offers, {
        nodes: optional(q.nodes),
        volume: optional(q.volume),
        include_community: optional(q.includeCommunity),
      }),

    /**
     * GET /clusters?status=all — every cluster of the environment, ended ones included (Runcrate's tool descriptions
     * list only active clusters without it). Items may be summaries without nodes, events, connection, tests or
     * times: reads.ts completes them.
     */
    listClusters: (): Promise<Listed<Cluster>> => readAll(ENDPOINTS.clusters, { status: "all" }),

    getCluster: async (id: string): Promise<Cluster> => (await read(ENDPOINTS.cluster, { id })).body.data,

    /**
     * GET /clusters/{id} as Runcrate sent it, for the Inspect view: the `data` object unparsed (unknown fields and
     * original types kept), every string run through the redactor. Not for logic — use getCluster.
     */
    getClusterRaw: async (id: string): Promise<unknown> =>
      redactForDisplay((await read(ENDPOINTS.clusterRaw, { id })).body.data, [
        opts.apiKey,
        opts.apiKey.trim(),
      ]),

    /**
     * POST /clusters — sends `Idempotency-Key` on every attempt; 201 is a new cluster, 200 the one this key already
     * created (`replayed: true`). The caller makes one key per launch and reuses it when the user retries.
     */
    async createCluster(
      body: CreateClusterBody,
      o: { idempotencyKey: string },
    ): Promise<{ cluster: Cluster; replayed: boolean }> {
      if (!idempotencyKeySchema.safeParse(o.idempotencyKey).success) {
        // A programming error, not a user one: the key comes from crypto.randomUUID() in the caller.
        throw new TypeError("createCluster: idempotencyKey must be 1–255 visible ASCII characters");
      }
      const res = await read(ENDPOINTS.createCluster, {
        body,
        headers: { "Idempotency-Key": o.idempotencyKey },
      });
      return { cluster: res.body.data, replayed: res.status === 200 };
    },

    /**
     * DELETE /clusters/{id} — 200/202 carry the cluster (now terminating), or only a `{id, status}` stub (202); 204
     * resolves to null. Repeating it is harmless. A 404 is checked against a read of the cluster: when it is
     * terminating, terminated or failed, or gone after a retried DELETE (the first answer was lost), the terminate
     * worked — it is not "that cluster doesn't exist".
     */
    async terminateCluster(id: string): Promise<Cluster | TerminateStub | null> {
      let res: Awaited<ReturnType<typeof send<typeof deleteResponseSchema>>>;
      try {
        res = await send(ENDPOINTS.terminate, { id });
      } catch (err) {
        if (!isRuncrateError(err) || err.kind !== "not_found") throw err;
        return afterDeleteNotFound(id, err);
      }
      const data = res.body?.data;
      if (data === undefined || data === null) return null;
      const full = clusterSchema.safeParse(data);
      if (full.success) return full.data;
      const stub = stubSchema.safeParse(data);
      if (stub.success) return { id: stub.data.id, status: stub.data.status ?? "terminating", stub: true };
      throw badResponse(ENDPOINTS.terminate.route, res.status, "neither a cluster nor an {id, status} stub", {
        field: full.error.issues[0]?.path.map(String).join("."),
      });
    },

    /** PATCH /clusters/{id} with `{ node_count }` */
    resizeCluster: async (id: string, nodeCount: number): Promise<Cluster> =>
      (await read(ENDPOINTS.resize, { id, body: { node_count: nodeCount } })).body.data,

    /** POST /clusters/{id}/tests with `{ kind: "nccl_all_reduce" }` */
    startTest: async (id: string): Promise<ClusterTest> =>
      (await read(ENDPOINTS.startTest, { id, body: { kind: "nccl_all_reduce" } })).body.data,

    /** GET /ssh-keys — workspace-wide. */
    listSshKeys: (): Promise<Listed<SshKey>> => readAll(ENDPOINTS.sshKeys),

    addSshKey: async (b: AddSshKeyBody): Promise<SshKey> =>
      (await read(ENDPOINTS.addSshKey, { body: b })).body.data,

    /** GET /storage — volumes of the environment. */
    listStorage: (): Promise<Listed<StorageVolume>> => readAll(ENDPOINTS.storage),

    /** GET /billing/balance — workspace-wide. */
    getBalance: async (): Promise<Balance> => (await read(ENDPOINTS.balance)).body.data,

    listEnvironments: (): Promise<Listed<Environment>> => readAll(ENDPOINTS.environments),
  };
  return client;
}
