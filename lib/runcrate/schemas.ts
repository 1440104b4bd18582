/**
 * The Runcrate API's shapes, as zod schemas — the one module shared by the app's client and the simulator (sim/).
 *
 * Reading is tolerant (see ../shared/runcrate-api.md and architecture.md "Be tolerant in what you read"):
 * response objects are `looseObject`s so unknown fields survive, enum-like fields are plain strings so an unknown
 * status is shown as it is, and fields the docs do not promise are `nullish`. Casing is exactly the API's: clusters,
 * offers and environments are snake_case; balance, SSH keys, storage and `meta` are camelCase.
 *
 * Request bodies are strict: they encode every documented rule of the API, so the simulator enforces them and the
 * app's forms can be built on them.
 */
import { z } from "zod";
import {
  timestamp,
  text,
  num,
  money,
  count,
  int,
  idString,
  lenientArray,
  envValue,
  dataEnvelope,
  oneOf,
} from "./read-primitives";
import {
  sshKeySchema,
  storageVolumeSchema,
  balanceSchema,
  transactionSchema,
  environmentSchema,
} from "./workspace-schemas";
import {
  CLUSTER_NAME_PATTERN,
  MAX_NODES,
  MAX_SSH_KEYS,
  MIN_NODES,
  SNIPPET_NAMES,
  STACKS,
  TEST_KINDS,
  type SnippetName,
} from "./constants";

// The plain values live in ./constants (zod-free, safe for browser bundles); re-exported so this stays the one module
// the app and the simulator read the API's shapes and rules from.
export * from "./constants";
// Request bodies the browser also checks (forms).
export * from "./request-schemas";
// The tolerant primitives and envelopes, and the workspace resources (SSH keys, storage, balance, …).
export * from "./read-primitives";
export * from "./workspace-schemas";

// ───────────────────────────── offers (GET /clusters/offers) ─────────────────────────────

export const interconnectSchema = z.looseObject({
  kind: z.string(),
  label: text,
  rate_gbps: money.nullish(),
  note: text,
});
export type Interconnect = z.infer<typeof interconnectSchema>;

/** The machine behind each node of an offer (Runcrate's tool descriptions: `node {vcpus, memory_gb, storage_gb, vram_gb}`). */
export const offerNodeSchema = z.looseObject({
  vcpus: count.nullish().catch(null),
  memory_gb: num.nullish().catch(null),
  storage_gb: num.nullish().catch(null),
  /** Per GPU. */
  vram_gb: num.nullish().catch(null),
});
export type OfferNode = z.infer<typeof offerNodeSchema>;

const offerFields = z.looseObject({
  /** Runcrate's own tool descriptions name the id `offer_id`; the REST page names it `id`. Either is read. */
  offer_id: idString.nullish(),
  id: idString.nullish(),
  gpu_type: z.string(),
  gpus_per_node: count,
  deployment_type: z.string(),
  host_tier: z.string(),
  location: text,
  country_code: text,
  interconnect: interconnectSchema.nullish(),
  hourly_rate_per_node: money,
  /** The whole cluster's rate at the node count the offers query asked for (`nodes`), where the API gives it. */
  hourly_rate: money.nullish().catch(null),
  min_nodes: int,
  max_nodes: int,
  /** Absent, null or empty: every count in min..max is allowed (SEED "when it has them"). */
  allowed_node_counts: z.array(int).nullish(),
  stacks: z.array(z.string()),
  /** Whether a storage volume can be attached (never on community hosts). */
  volume: z.boolean().nullish(),
  /** Machines free right now; null or absent when only a launch can tell. */
  nodes_available: count.nullish().catch(null),
  node: offerNodeSchema.nullish().catch(null),
});

/**
 * An offer, read from either shape: `offer_id` first, else `id`. What the app holds is always `id` (the one name its
 * code uses); a create sends it back as `offer_id`. An item with neither fails on `offer_id`, so the list's note
 * names the field.
 */
export const offerSchema = offerFields
  .check(oneOf("offer_id", "id", "An offer"))
  .transform(({ offer_id, id, ...rest }) => ({ ...rest, id: (offer_id ?? id) as string }));
export type Offer = z.infer<typeof offerSchema>;

/** Query of GET /clusters/offers as the simulator reads it (booleans arrive as strings). */
export const offersQuerySchema = z.object({
  /** The node count `hourly_rate` is priced for (2–64, default 2). */
  nodes: z.coerce.number().int().min(MIN_NODES).max(MAX_NODES).optional(),
  volume: z.enum(["true", "false"]).optional(),
  include_community: z.enum(["true", "false"]).optional(),
  environment: z.string().optional(),
});

// ───────────────────────────── clusters ─────────────────────────────

export const nodeSchema = z.looseObject({
  rank: int,
  role: z.string(),
  instance_id: text,
  name: z.string(),
  status: z.string(),
  stage: text,
  overlay_address: text,
  gpus: count.nullish(),
  ip: text,
  ssh_command: text,
});
export type ClusterNode = z.infer<typeof nodeSchema>;

export const connectionSchema = z.looseObject({
  head_ssh: text,
  hostfile: text,
  env: z.record(z.string(), envValue).nullish(),
  snippets: z
    .looseObject(Object.fromEntries(SNIPPET_NAMES.map((n) => [n, text])) as Record<SnippetName, typeof text>)
    .nullish(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const sharedSchema = z.looseObject({
  path: text,
  available: z.boolean().nullish(),
  detail: text,
  volume: z.looseObject({ id: idString, name: text, path: text }).nullish(),
});

export const eventSchema = z.looseObject({
  id: int,
  at: timestamp,
  kind: z.string(),
  rank: int.nullish(),
  /** `null` or absent reads as no text: the kind still says what happened. */
  message: z
    .string()
    .nullish()
    .transform((m) => m ?? ""),
});
export type ClusterEvent = z.infer<typeof eventSchema>;

export const testSizeSchema = z.looseObject({
  bytes: money,
  algbw_gb_s: num,
  busbw_gb_s: num,
  time_us: num,
});
export type TestSize = z.infer<typeof testSizeSchema>;

export const clusterTestSchema = z.looseObject({
  id: idString,
  kind: z.string(),
  status: z.string(),
  started_at: timestamp.nullish(),
  finished_at: timestamp.nullish(),
  result: z
    .looseObject({
      sizes: lenientArray(testSizeSchema).nullish(),
      peak_busbw_gb_s: num.nullish(),
      nodes: count.nullish(),
      gpus: count.nullish(),
      error: text,
      note: text,
    })
    .nullish(),
});
export type ClusterTest = z.infer<typeof clusterTestSchema>;

export const billingSchema = z.looseObject({
  billed_since: timestamp.nullish(),
  nodes_billed: count.nullish(),
});

export const clusterSchema = z.looseObject({
  id: idString,
  name: z.string(),
  status: z.string(),
  stack: z.string(),
  stack_status: text,
  stack_detail: text,
  node_count: count,
  gpu_type: z.string(),
  gpus_per_node: count,
  deployment_type: text,
  host_tier: text,
  location: text,
  country_code: text,
  interconnect: interconnectSchema.nullish(),
  hourly_rate_per_node: money,
  hourly_rate: money.nullish(),
  /** Absent from list summaries (Runcrate's tool descriptions list only id, name, status, counts, GPU, place, rates). */
  created_at: timestamp.nullish(),
  up_at: timestamp.nullish(),
  ready_at: timestamp.nullish(),
  terminated_at: timestamp.nullish(),
  nodes: lenientArray(nodeSchema).nullish(),
  connection: connectionSchema.nullish(),
  shared: sharedSchema.nullish(),
  events: lenientArray(eventSchema).nullish(),
  last_test: clusterTestSchema.nullish(),
  billing: billingSchema.nullish(),
  resize: z.boolean().nullish(),
  failure_reason: text,
  failure_detail: text,
  /** Not in the seed's object; the simulator adds it so a page can link back to the offer. Optional everywhere. */
  offer_id: text,
});
export type Cluster = z.infer<typeof clusterSchema>;

/** POST /clusters body (SEED). Strict: these are the API's own rules. */
export const createClusterBodySchema = z.object({
  name: z
    .string()
    .regex(CLUSTER_NAME_PATTERN, "1–63 letters, digits or hyphens, starting with a letter or digit."),
  offer_id: z.string().min(1, "Pick an offer."),
  node_count: z.number().int().min(MIN_NODES).max(MAX_NODES),
  stack: z.enum(STACKS).optional(),
  ssh_key_ids: z.array(z.guid()).max(MAX_SSH_KEYS, `At most ${MAX_SSH_KEYS} SSH keys.`).optional(),
  storage_id: z.guid().optional(),
  include_community: z.boolean().optional(),
});
export type CreateClusterBody = z.infer<typeof createClusterBodySchema>;

/** PATCH /clusters/{id} (INF, runcrate-api.md §5 #14). */
export const resizeClusterBodySchema = z.object({
  node_count: z.number().int().min(MIN_NODES).max(MAX_NODES),
});
export type ResizeClusterBody = z.infer<typeof resizeClusterBodySchema>;

/** POST /clusters/{id}/tests (INF, §5 #15). */
export const startTestBodySchema = z.object({
  kind: z.enum(TEST_KINDS).default("nccl_all_reduce"),
});
export type StartTestBody = z.input<typeof startTestBodySchema>;

// ───────────────────────────── response envelopes per endpoint ─────────────────────────────

export const offersResponseSchema = dataEnvelope(z.array(offerSchema));
export const clusterResponseSchema = dataEnvelope(clusterSchema);
export const clustersResponseSchema = dataEnvelope(z.array(clusterSchema));
export const testResponseSchema = dataEnvelope(clusterTestSchema);
export const sshKeysResponseSchema = dataEnvelope(z.array(sshKeySchema));
export const sshKeyResponseSchema = dataEnvelope(sshKeySchema);
export const storageResponseSchema = dataEnvelope(z.array(storageVolumeSchema));
export const balanceResponseSchema = dataEnvelope(balanceSchema);
export const transactionsResponseSchema = dataEnvelope(z.array(transactionSchema));
export const environmentsResponseSchema = dataEnvelope(z.array(environmentSchema));
