import "server-only";
import { z } from "zod";
import type { RequestSpec, RetryMode } from "@/lib/runcrate/server/http";
import {
  balanceResponseSchema,
  clusterResponseSchema,
  clusterSchema,
  environmentSchema,
  offerSchema,
  sshKeyResponseSchema,
  sshKeySchema,
  storageVolumeSchema,
  testResponseSchema,
} from "@/lib/runcrate/schemas";

/** The endpoints of the Runcrate API the console calls, one entry each; client.ts makes every request from them. */

const CLUSTER_NOT_FOUND =
  "That cluster doesn't exist in this environment. It may have been deleted, or the link is old.";

/** What a DELETE answers: the cluster, a stub, or nothing (client.ts terminateCluster reads which). */
export const deleteResponseSchema = z.looseObject({ data: z.unknown().nullish() });
/** GET /clusters/{id} for Inspect: the `data` object kept as sent. */
const rawEnvelopeSchema = z.looseObject({ data: z.looseObject({ id: z.unknown() }) });

/**
 * An endpoint: its route (`METHOD /path/{id}`, also the name in logs and messages), the schema of its answer, how a
 * failed attempt may be repeated (reads and DELETE "safe" unless told), and what a 404 means to the person.
 */
export type Endpoint<S extends z.ZodType> = {
  route: `${RequestSpec<S>["method"]} /${string}`;
  schema: S;
  retry?: RetryMode;
  notFoundMessage?: string;
  allowEmpty?: boolean;
};
/** A list endpoint: every page read (paging.ts), each item parsed with `item`. */
export type ListEndpoint<S extends z.ZodType> = { route: `GET /${string}`; item: S };

export const endpoint = <S extends z.ZodType>(e: Endpoint<S>) => e;
const list = <S extends z.ZodType>(e: ListEndpoint<S>) => e;

/** Every endpoint the console calls: one entry each, one call path for all (client.ts `read` and `readAll`). */
export const ENDPOINTS = {
  offers: list({ route: "GET /clusters/offers", item: offerSchema }),
  clusters: list({ route: "GET /clusters", item: clusterSchema }),
  cluster: endpoint({
    route: "GET /clusters/{id}",
    schema: clusterResponseSchema,
    notFoundMessage: CLUSTER_NOT_FOUND,
  }),
  clusterRaw: endpoint({
    route: "GET /clusters/{id}",
    schema: rawEnvelopeSchema,
    notFoundMessage: CLUSTER_NOT_FOUND,
  }),
  createCluster: endpoint({
    route: "POST /clusters",
    schema: clusterResponseSchema,
    retry: "same-key",
    notFoundMessage:
      "Runcrate couldn't find the offer, SSH key or storage volume this launch refers to. Reload the offers and try again.",
  }),
  terminate: endpoint({
    route: "DELETE /clusters/{id}",
    schema: deleteResponseSchema,
    allowEmpty: true,
    notFoundMessage: CLUSTER_NOT_FOUND,
  }),
  resize: endpoint({
    route: "PATCH /clusters/{id}",
    schema: clusterResponseSchema,
    retry: "rate-limit-only",
    notFoundMessage: CLUSTER_NOT_FOUND,
  }),
  startTest: endpoint({
    route: "POST /clusters/{id}/tests",
    schema: testResponseSchema,
    retry: "rate-limit-only",
    notFoundMessage: CLUSTER_NOT_FOUND,
  }),
  sshKeys: list({ route: "GET /ssh-keys", item: sshKeySchema }),
  addSshKey: endpoint({ route: "POST /ssh-keys", schema: sshKeyResponseSchema, retry: "rate-limit-only" }),
  storage: list({ route: "GET /storage", item: storageVolumeSchema }),
  balance: endpoint({ route: "GET /billing/balance", schema: balanceResponseSchema }),
  environments: list({ route: "GET /environments", item: environmentSchema }),
};

/** The route's method, and its path with `{id}` filled in (encoded). */
export function requestLine(
  route: string,
  id?: string,
): { method: RequestSpec<z.ZodType>["method"]; path: string } {
  const [method, template] = route.split(" ") as [RequestSpec<z.ZodType>["method"], string];
  if (template.includes("{id}") && id === undefined) throw new TypeError(`${route} needs an id`);
  return { method, path: template.replace("{id}", encodeURIComponent(id ?? "")) };
}
