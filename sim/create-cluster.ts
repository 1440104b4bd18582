/**
 * POST /clusters (SEED; runcrate-api.md §2.2 and §5 #4–#5). Every documented rule, in the order a user would want to
 * hear about them: body shape (422 with the field), offer (404), community and volume rules (422), SSH keys and
 * volume existence (404), capacity (409), then the balance rule max($10, one hour of the whole cluster) (402).
 * Idempotency-Key is per (key, environment): a replay returns the original cluster with 200 and creates nothing.
 */
import {
  IDEMPOTENCY_KEY_PATTERN,
  MIN_BALANCE_TO_CREATE,
  createClusterBodySchema,
  type Stack,
} from "../lib/runcrate/schemas";
import type { SimOffer } from "./catalogue";
import { badRequest, cents, conflict, insufficientCredits, money, notFound, validation } from "./errors";
import { newCluster, planProvisioning } from "./lifecycle";
import type { SimCluster, Workspace } from "./model";
import { faultsFor, type SimState } from "./state";

export interface CreateOutcome {
  cluster: SimCluster;
  replayed: boolean;
  bodyMismatch: boolean;
}

export function checkIdempotencyKey(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw badRequest("Idempotency-Key must be 1–255 visible ASCII characters (no spaces).", {
      header: "Idempotency-Key",
    });
  }
  return raw;
}

const FIELD_MESSAGES: Record<string, string> = {
  name: "name must be 1–63 letters, digits or hyphens, starting with a letter or digit.",
  offer_id: "offer_id is required: pick an offer from GET /clusters/offers.",
  node_count: "node_count must be a whole number from 2 to 64.",
  stack: "stack must be one of none, slurm, kubernetes, ray.",
  ssh_key_ids: "ssh_key_ids must be a list of at most 20 SSH key ids (UUIDs from GET /ssh-keys).",
  storage_id: "storage_id must be a storage volume id (a UUID from GET /storage).",
  include_community: "include_community must be true or false.",
};

function parseBody(body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("The request body must be a JSON object.");
  }
  const parsed = createClusterBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => {
    const field = String(i.path[0] ?? "body");
    return { field, message: FIELD_MESSAGES[field] ?? i.message };
  });
  const first = errors[0] ?? { field: "body", message: "Invalid request body." };
  throw validation(first.field, first.message, { errors });
}

function countRule(offer: SimOffer, n: number): string | null {
  if (n < offer.min_nodes || n > offer.max_nodes) {
    return `node_count ${n} is outside offer ${offer.id}'s range of ${offer.min_nodes}–${offer.max_nodes} machines.`;
  }
  const allowed = offer.allowed_node_counts;
  if (allowed && allowed.length > 0 && !allowed.includes(n)) {
    return `node_count ${n} is not allowed on offer ${offer.id}; pick one of ${allowed.join(", ")}.`;
  }
  return null;
}

/** The count rules shared by create and resize; throws 422 on `node_count`. */
export function assertNodeCount(offer: SimOffer, n: number): void {
  const problem = countRule(offer, n);
  if (problem)
    throw validation("node_count", problem, {
      min_nodes: offer.min_nodes,
      max_nodes: offer.max_nodes,
      allowed_node_counts: offer.allowed_node_counts,
    });
}

/** max($10, rate × n), in cents; 402 when the balance is short. */
export function assertBalance(ws: Workspace, offer: SimOffer, n: number, what: string): void {
  const required = cents(Math.max(MIN_BALANCE_TO_CREATE, offer.hourly_rate_per_node * n));
  const balance = cents(ws.balance);
  if (ws.balance + 1e-9 < required) {
    throw insufficientCredits(
      required,
      balance,
      `Not enough credits to ${what}: the balance must cover one hour of the whole cluster and at least $10 — ${money(required)} needed, ${money(balance)} available.`,
    );
  }
}

export function createCluster(
  s: SimState,
  ws: Workspace,
  /** The key that asked: its own faults apply (a workspace may have several keys, sim/workspaces.ts). */
  key: string,
  environment: string,
  body: unknown,
  idemKey: string | null,
  now: number,
  rankOrigin = 0,
): CreateOutcome {
  if (idemKey !== null) {
    const existingId = ws.idempotency.get(`${environment}\n${idemKey}`);
    const existing = existingId ? ws.clusters.find((c) => c.id === existingId) : undefined;
    if (existing) return { cluster: existing, replayed: true, bodyMismatch: !sameRequest(existing, body) };
  }
  const b = parseBody(body);
  const offer = s.offers.find((o) => o.id === b.offer_id);
  if (!offer)
    throw notFound(`Offer ${b.offer_id} does not exist; list offers with GET /clusters/offers.`, {
      field: "offer_id",
    });
  const community = offer.host_tier === "community";
  if (community && b.include_community !== true) {
    throw validation(
      "include_community",
      `Offer ${offer.id} is on community hosts: send include_community: true to launch on it.`,
    );
  }
  assertNodeCount(offer, b.node_count);
  const stack: Stack = b.stack ?? "none";
  if (!offer.stacks.includes(stack)) {
    throw validation(
      "stack",
      `Offer ${offer.id} does not offer the ${stack} stack; pick one of ${offer.stacks.join(", ")}.`,
      { stacks: offer.stacks },
    );
  }
  if (b.storage_id !== undefined) {
    if (community)
      throw validation(
        "storage_id",
        "Community hosts cannot take a storage volume; remove storage_id or pick a datacenter offer.",
      );
    if (!offer.volume)
      throw validation(
        "storage_id",
        `Offer ${offer.id} does not take storage volumes; list offers with volume=true to find one that does.`,
      );
  }
  const keyIds = [...new Set(b.ssh_key_ids ?? [])];
  for (const id of keyIds) {
    if (!ws.sshKeys.some((k) => k.id === id))
      throw notFound(`SSH key ${id} does not exist in this workspace.`, { field: "ssh_key_ids", id });
  }
  let storage: { id: string; name: string } | null = null;
  if (b.storage_id !== undefined) {
    const vol = ws.storage.find((v) => v.id === b.storage_id && v.environment === environment);
    if (!vol)
      throw notFound(`Storage volume ${b.storage_id} does not exist in environment ${environment}.`, {
        field: "storage_id",
        id: b.storage_id,
      });
    storage = { id: vol.id, name: vol.name };
  }
  const faults = faultsFor(s, key);
  if (faults.soldOutOffers.includes(offer.id)) {
    throw conflict(
      "no_capacity",
      `Offer ${offer.id} is no longer available: not enough free machines for ${b.node_count} nodes. Try another offer or fewer nodes.`,
      { field: "offer_id" },
    );
  }
  assertBalance(ws, offer, b.node_count, "launch this cluster");

  const failRate = faults.failRate ?? s.config.failRate;
  const fail = faults.failNextCreate || (failRate > 0 && Math.random() < failRate);
  faults.failNextCreate = false;
  const launchedAt = now - faults.backdateNextCreate * 1000;
  faults.backdateNextCreate = 0;
  const cluster = newCluster({
    name: b.name,
    environment,
    offer,
    nodeCount: b.node_count,
    stack,
    sshKeyIds: keyIds,
    storage,
    createdAt: launchedAt,
    clusterSeq: ws.clusterSeq++,
    rankOrigin,
  });
  planProvisioning(cluster, s.config.speed, fail);
  ws.clusters.push(cluster);
  for (const id of keyIds) {
    const key = ws.sshKeys.find((k) => k.id === id);
    if (key) key.lastUsed = now;
  }
  if (idemKey !== null) ws.idempotency.set(`${environment}\n${idemKey}`, cluster.id);
  return { cluster, replayed: false, bodyMismatch: false };
}

/** Whether a replayed body asks for the same cluster (a mismatch still returns the original; see §5 #4). */
function sameRequest(c: SimCluster, body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.name === c.name && b.offer_id === c.offer.id;
}
