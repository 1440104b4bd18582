import "server-only";
import { z } from "zod";
import { badResponse } from "@/lib/server/runcrate/errors";
import { createHttp, type HttpOptions, type RequestSpec } from "@/lib/server/runcrate/http";
import {
  balanceResponseSchema,
  clusterResponseSchema,
  clustersResponseSchema,
  environmentsResponseSchema,
  idempotencyKeySchema,
  offersResponseSchema,
  sshKeyResponseSchema,
  sshKeysResponseSchema,
  storageResponseSchema,
  testResponseSchema,
  type AddSshKeyBody,
  type Balance,
  type Cluster,
  type ClusterTest,
  type CreateClusterBody,
  type Environment,
  type Meta,
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

/** A list that says it has more pages but never stops is a bug upstream; give up rather than loop. */
export const MAX_PAGES = 50;

const CLUSTER_NOT_FOUND =
  "That cluster doesn't exist in this environment. It may have been deleted, or the link is old.";

type ListEnvelope<T> = { data: T[]; meta?: Meta | null };

function clusterPath(id: string): string {
  return `/clusters/${encodeURIComponent(id)}`;
}

export function createRuncrateClient(opts: RuncrateClientOptions) {
  const http = createHttp(opts);

  /** Reads a response that must have a body (null only where the spec allows it). */
  async function one<S extends z.ZodType>(
    spec: RequestSpec<S>,
  ): Promise<{ status: number; body: z.output<S> }> {
    const res = await http.request(spec);
    if (res.body === null) throw badResponse(spec.endpoint, res.status, "empty body");
    return { status: res.status, body: res.body };
  }

  /** GET a list, following `meta.hasMore` + `meta.cursor` (sent back as `?cursor=`) for at most MAX_PAGES pages. */
  async function all<T, S extends z.ZodType<ListEnvelope<T>>>(spec: RequestSpec<S>): Promise<T[]> {
    const items: T[] = [];
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query: Record<string, string | undefined> =
        cursor === null ? { ...spec.query } : { ...spec.query, cursor };
      const { status, body } = await one({ ...spec, query });
      items.push(...body.data);
      const next = body.meta?.hasMore ? body.meta.cursor : null;
      if (next === null || next === undefined || next === "") return items;
      cursor = String(next);
      if (seen.has(cursor))
        throw badResponse(spec.endpoint, status, `paging repeated cursor ${cursor.slice(0, 40)}`);
      seen.add(cursor);
    }
    throw badResponse(spec.endpoint, 200, `more than ${MAX_PAGES} pages`);
  }

  return {
    /** GET /clusters/offers — community offers only when asked for; `volume` keeps offers that take a volume. */
    async listOffers(q: { volume?: boolean; includeCommunity?: boolean } = {}): Promise<Offer[]> {
      return all({
        method: "GET",
        path: "/clusters/offers",
        endpoint: "GET /clusters/offers",
        query: {
          volume: q.volume === undefined ? undefined : String(q.volume),
          include_community: q.includeCommunity === undefined ? undefined : String(q.includeCommunity),
        },
        schema: offersResponseSchema,
        retry: "safe",
      });
    },

    /** GET /clusters — every cluster of the environment, terminated ones included. */
    async listClusters(): Promise<Cluster[]> {
      return all({
        method: "GET",
        path: "/clusters",
        endpoint: "GET /clusters",
        schema: clustersResponseSchema,
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

    /** DELETE /clusters/{id} — 200/202 carry the cluster (now terminating); 204 resolves to null. Repeating it is harmless. */
    async terminateCluster(id: string): Promise<Cluster | null> {
      const res = await http.request({
        method: "DELETE",
        path: clusterPath(id),
        endpoint: "DELETE /clusters/{id}",
        schema: clusterResponseSchema,
        retry: "safe",
        allowEmpty: true,
        notFoundMessage: CLUSTER_NOT_FOUND,
      });
      return res.body?.data ?? null;
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
        schema: sshKeysResponseSchema,
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
        schema: storageResponseSchema,
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
        schema: environmentsResponseSchema,
        retry: "safe",
      });
    },
  };
}
