import "server-only";
import { z } from "zod";
import { badResponse, isRuncrateError, type RuncrateError } from "@/lib/server/runcrate/errors";
import { createHttp, type HttpOptions, type RequestSpec } from "@/lib/server/runcrate/http";
import { redactForDisplay } from "@/lib/server/runcrate/redact";
import { listEnvelopeSchema } from "@/lib/server/runcrate/lists";
import { readAllPages } from "@/lib/server/runcrate/paging";
import {
  balanceResponseSchema,
  clusterResponseSchema,
  clusterSchema,
  environmentSchema,
  idString,
  idempotencyKeySchema,
  offerSchema,
  sshKeyResponseSchema,
  sshKeySchema,
  storageVolumeSchema,
  testResponseSchema,
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
 * The server-side Runcrate client: one method per endpoint the console uses. Construct one per request with the
 * signed-in user's key (lib/server/keys/runcrate-context.ts does); never import this from client components.
 *
 * Every method resolves to parsed data (unknown fields kept, see schemas.ts) or throws a RuncrateError. Retry modes
 * (see http.ts): reads and DELETE are "safe"; the create is "same-key"; resize, start-test and add-SSH-key are
 * "rate-limit-only", because repeating them after an unclear failure could resize twice, start a second test or
 * report a spurious duplicate-key conflict.
 */

export type RuncrateClientOptions = HttpOptions;
export type RuncrateClient = ReturnType<typeof createRuncrateClient>;

export { MAX_PAGES } from "@/lib/server/runcrate/paging";

const CLUSTER_NOT_FOUND =
  "That cluster doesn't exist in this environment. It may have been deleted, or the link is old.";

type ListSpec<S extends z.ZodType> = Omit<RequestSpec<typeof listEnvelopeSchema>, "schema"> & { item: S };

function clusterPath(id: string): string {
  return `/clusters/${encodeURIComponent(id)}`;
}

/** What a DELETE answered when it did not carry the whole cluster. */
export type TerminateStub = { id: string; status: string; stub: true };

const deleteResponseSchema = z.looseObject({ data: z.unknown().nullish() });
const rawEnvelopeSchema = z.looseObject({ data: z.looseObject({ id: z.unknown() }) });
const stubSchema = z.looseObject({ id: idString, status: z.string().nullish() });
/** Statuses that mean a terminate has been taken (or was not needed). */
const ENDING = new Set(["terminating", "terminated", "failed"]);

export function createRuncrateClient(opts: RuncrateClientOptions) {
  const http = createHttp(opts);

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

  /** Reads a response that must have a body (null only where the spec allows it). */
  async function one<S extends z.ZodType>(
    spec: RequestSpec<S>,
  ): Promise<{ status: number; body: z.output<S> }> {
    const res = await http.request(spec);
    if (res.body === null) throw badResponse(spec.endpoint, res.status, "empty body");
    return { status: res.status, body: res.body };
  }

  /** GET every page of a list (paging.ts). */
  function all<S extends z.ZodType>(spec: ListSpec<S>): Promise<z.output<S>[]> {
    const { item, ...rest } = spec;
    return readAllPages({
      item,
      endpoint: spec.endpoint,
      memoryKey: `${http.baseUrl} ${spec.endpoint}`,
      fetchPage: (query) => one({ ...rest, query: { ...spec.query, ...query }, schema: listEnvelopeSchema }),
      note: http.note,
    });
  }

  const client = {
    /**
     * GET /clusters/offers — community offers only when asked for; `volume` keeps offers that take a volume; `nodes`
     * is the count an offer's `hourly_rate` (where the API gives one) is priced for.
     */
    async listOffers(
      q: { volume?: boolean; includeCommunity?: boolean; nodes?: number } = {},
    ): Promise<Offer[]> {
      return all({
        method: "GET",
        path: "/clusters/offers",
        endpoint: "GET /clusters/offers",
        query: {
          nodes: q.nodes === undefined ? undefined : String(q.nodes),
          volume: q.volume === undefined ? undefined : String(q.volume),
          include_community: q.includeCommunity === undefined ? undefined : String(q.includeCommunity),
        },
        item: offerSchema,
        retry: "safe",
      });
    },

    /**
     * GET /clusters?status=all — every cluster of the environment, ended ones included (Runcrate's tool descriptions
     * list only active clusters without it). Items may be summaries without nodes, events, connection, tests or
     * times: reads.ts completes them.
     */
    async listClusters(): Promise<Cluster[]> {
      return all({
        method: "GET",
        path: "/clusters",
        endpoint: "GET /clusters",
        query: { status: "all" },
        item: clusterSchema,
        retry: "safe",
      });
    },

    /** GET /clusters/{id} */
    async getCluster(id: string): Promise<Cluster> {
      const { body } = await one({
        method: "GET",
        path: clusterPath(id),
        endpoint: "GET /clusters/{id}",
        schema: clusterResponseSchema,
        retry: "safe",
        notFoundMessage: CLUSTER_NOT_FOUND,
      });
      return body.data;
    },

    /**
     * GET /clusters/{id} as Runcrate sent it, for the Inspect view: the `data` object unparsed (unknown fields and
     * original types kept), every string run through the redactor. Not for logic — use getCluster.
     */
    async getClusterRaw(id: string): Promise<unknown> {
      const { body } = await one({
        method: "GET",
        path: clusterPath(id),
        endpoint: "GET /clusters/{id}",
        schema: rawEnvelopeSchema,
        retry: "safe",
        notFoundMessage: CLUSTER_NOT_FOUND,
      });
      return redactForDisplay(body.data, [opts.apiKey, opts.apiKey.trim()]);
    },

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
      const res = await one({
        method: "POST",
        path: "/clusters",
        endpoint: "POST /clusters",
        body,
        headers: { "Idempotency-Key": o.idempotencyKey },
        schema: clusterResponseSchema,
        retry: "same-key",
        notFoundMessage:
          "Runcrate couldn't find the offer, SSH key or storage volume this launch refers to. Reload the offers and try again.",
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
      let res: { status: number; body: z.output<typeof deleteResponseSchema> | null };
      try {
        res = await http.request({
          method: "DELETE",
          path: clusterPath(id),
          endpoint: "DELETE /clusters/{id}",
          schema: deleteResponseSchema,
          retry: "safe",
          allowEmpty: true,
          notFoundMessage: CLUSTER_NOT_FOUND,
        });
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
      throw badResponse("DELETE /clusters/{id}", res.status, "neither a cluster nor an {id, status} stub", {
        field: full.error.issues[0]?.path.map(String).join("."),
      });
    },

    /** PATCH /clusters/{id} with `{ node_count }` */
    async resizeCluster(id: string, nodeCount: number): Promise<Cluster> {
      const { body } = await one({
        method: "PATCH",
        path: clusterPath(id),
        endpoint: "PATCH /clusters/{id}",
        body: { node_count: nodeCount },
        schema: clusterResponseSchema,
        retry: "rate-limit-only",
        notFoundMessage: CLUSTER_NOT_FOUND,
      });
      return body.data;
    },

    /** POST /clusters/{id}/tests with `{ kind: "nccl_all_reduce" }` */
    async startTest(id: string): Promise<ClusterTest> {
      const { body } = await one({
        method: "POST",
        path: `${clusterPath(id)}/tests`,
        endpoint: "POST /clusters/{id}/tests",
        body: { kind: "nccl_all_reduce" },
        schema: testResponseSchema,
        retry: "rate-limit-only",
        notFoundMessage: CLUSTER_NOT_FOUND,
      });
      return body.data;
    },

    /** GET /ssh-keys — workspace-wide. */
    async listSshKeys(): Promise<SshKey[]> {
      return all({
        method: "GET",
        path: "/ssh-keys",
        endpoint: "GET /ssh-keys",
        item: sshKeySchema,
        retry: "safe",
      });
    },

    /** POST /ssh-keys */
    async addSshKey(b: AddSshKeyBody): Promise<SshKey> {
      const { body } = await one({
        method: "POST",
        path: "/ssh-keys",
        endpoint: "POST /ssh-keys",
        body: b,
        schema: sshKeyResponseSchema,
        retry: "rate-limit-only",
      });
      return body.data;
    },

    /** GET /storage — volumes of the environment. */
    async listStorage(): Promise<StorageVolume[]> {
      return all({
        method: "GET",
        path: "/storage",
        endpoint: "GET /storage",
        item: storageVolumeSchema,
        retry: "safe",
      });
    },

    /** GET /billing/balance — workspace-wide. */
    async getBalance(): Promise<Balance> {
      const { body } = await one({
        method: "GET",
        path: "/billing/balance",
        endpoint: "GET /billing/balance",
        schema: balanceResponseSchema,
        retry: "safe",
      });
      return body.data;
    },

    /** GET /environments */
    async listEnvironments(): Promise<Environment[]> {
      return all({
        method: "GET",
        path: "/environments",
        endpoint: "GET /environments",
        item: environmentSchema,
        retry: "safe",
      });
    },
  };
  return client;
}
