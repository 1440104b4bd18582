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

// ───────────────────────────── primitives ─────────────────────────────

/** ISO-8601 date-time as sent by the API. Kept as a string: a page must not crash on an odd timestamp. */
export const timestamp = z.string();
const text = z.string().nullish();

// Safe coercions (issue #14): a real API may send a number as a numeric string, or an id as a number. Only values that
// mean the same thing either way are converted; anything else still fails the field.
const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const numericString = (v: unknown) => (typeof v === "string" && NUMERIC.test(v) ? Number(v) : v);
/** A number, or a numeric string read as one (`"19.92"`). */
export const num = z.preprocess(numericString, z.number());
/** A non-negative amount of money, also as a numeric string. */
export const money = z.preprocess(numericString, z.number().nonnegative());
/** A whole count ≥ 0, also as a numeric string (`"8"`). */
export const count = z.preprocess(numericString, z.number().int().nonnegative());
/** A whole number (limits, ranks), also as a numeric string. */
export const int = z.preprocess(numericString, z.number().int());
/** An id: a string, or a finite number read as its decimal string (`101` → `"101"`). */
export const idString = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z.string().min(1),
);
/** An env value: a string, or a number/boolean written as text (`MASTER_PORT: 29500`). */
const envValue = z.preprocess(
  (v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v),
  z.string().nullable(),
);

// ───────────────────────────── envelopes ─────────────────────────────

/** List `meta` is camelCase (DOC-TXN); every field optional. */
export const metaSchema = z.looseObject({
  cursor: z.union([z.string(), z.number()]).nullish(),
  hasMore: z.boolean().nullish(),
  total: num.nullish(),
  /** limit/offset paging (SDKs): the page size the server used. */
  limit: num.nullish(),
  offset: num.nullish(),
  requestId: z.string().nullish(),
});
export type Meta = z.infer<typeof metaSchema>;

export const dataEnvelope = <T extends z.ZodType>(data: T) =>
  z.looseObject({ data, meta: metaSchema.nullish() });

/** `{"error": {"code", "message", "details"}}` on every error (DOC). */
export const errorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullish(),
});
export const errorEnvelopeSchema = z.looseObject({ error: errorBodySchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ───────────────────────────── offers (GET /clusters/offers) ─────────────────────────────

export const interconnectSchema = z.looseObject({
  kind: z.string(),
  label: text,
  rate_gbps: money.nullish(),
  note: text,
});
export type Interconnect = z.infer<typeof interconnectSchema>;

export const offerSchema = z.looseObject({
  id: idString,
  gpu_type: z.string(),
  gpus_per_node: count,
  deployment_type: z.string(),
  host_tier: z.string(),
  location: text,
  country_code: text,
  interconnect: interconnectSchema.nullish(),
  hourly_rate_per_node: money,
  min_nodes: int,
  max_nodes: int,
  /** Absent, null or empty: every count in min..max is allowed (SEED "when it has them"). */
  allowed_node_counts: z.array(int).nullish(),
  stacks: z.array(z.string()),
  /** Whether a storage volume can be attached (never on community hosts). */
  volume: z.boolean().nullish(),
});
export type Offer = z.infer<typeof offerSchema>;

/** Query of GET /clusters/offers as the simulator reads it (booleans arrive as strings). */
export const offersQuerySchema = z.object({
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
      sizes: z.array(testSizeSchema).nullish(),
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
  created_at: timestamp,
  up_at: timestamp.nullish(),
  ready_at: timestamp.nullish(),
  terminated_at: timestamp.nullish(),
  nodes: z.array(nodeSchema).nullish(),
  connection: connectionSchema.nullish(),
  shared: sharedSchema.nullish(),
  events: z.array(eventSchema).nullish(),
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

// ───────────────────────────── workspace resources (camelCase) ─────────────────────────────

export const sshKeySchema = z.looseObject({
  id: idString,
  name: z.string(),
  fingerprint: text,
  type: text,
  createdAt: timestamp.nullish(),
  lastUsed: timestamp.nullish(),
  projectId: text,
});
export type SshKey = z.infer<typeof sshKeySchema>;

export const storageVolumeSchema = z.looseObject({
  id: idString,
  name: z.string(),
  sizeGb: num.nullish(),
  status: text,
  region: z.union([z.string(), z.number()]).nullish(),
  providerType: text,
  deploymentId: text,
  projectId: text,
  createdAt: timestamp.nullish(),
  updatedAt: timestamp.nullish(),
});
export type StorageVolume = z.infer<typeof storageVolumeSchema>;

export const balanceSchema = z.looseObject({
  creditsBalance: num,
  activeUsageCost: num.nullish(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** `type` filter values of GET /billing/transactions (DOC-TXN); items may carry others. */
export const TRANSACTION_TYPES = ["credit", "usage", "refund", "adjustment"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** An item of GET /billing/transactions (DOC-TXN, SDK): camelCase; debits have a negative amount. */
export const transactionSchema = z.looseObject({
  id: idString,
  /** Named by the SDKs and the `type` filter, absent from DOC-TXN's item list. */
  type: text,
  amount: num,
  description: text,
  createdAt: timestamp,
  projectId: text,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const environmentSchema = z.looseObject({
  id: idString,
  name: z.string(),
  is_default: z.boolean().nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});
export type Environment = z.infer<typeof environmentSchema>;

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
