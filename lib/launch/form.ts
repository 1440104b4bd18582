/**
 * The create-cluster form's values and what follows from them without any validation library: defaults for an
 * offer, the POST /clusters body, the machine names, and the name rule's message. The zod schema that checks the
 * values lives in lib/launch/schema.ts; keeping it apart lets the form's page load it after the first paint.
 */
import type { LimitText } from "@/lib/limits/input";
import { CLUSTER_NAME_PATTERN, type Stack } from "@/lib/runcrate/constants";
import type { Cluster, CreateClusterBody, Offer } from "@/lib/runcrate/schemas";
import { statusGroup } from "@/lib/clusters/status-group";
import { isCommunity, knownStacks, validNodeCounts } from "@/lib/offers/offer-rules";

export type CreateClusterFormValues = {
  name: string;
  node_count: number;
  stack: Stack;
  ssh_key_ids: string[];
  /** "" means no volume (a select cannot hold undefined). */
  storage_id: string;
  include_community: boolean;
};

/**
 * The create form's values: the cluster's (the POST body is built from them) and its spending limits as typed. The
 * limits stay in Clusterdeck (the guardian enforces them): toCreateBody leaves them out.
 */
export type LaunchFormValues = CreateClusterFormValues & { limits: LimitText };

/** What the form knows about the workspace; when a list is given, ids outside it are refused before the API sees them. */
export type CreateSchemaContext = {
  sshKeyIds?: readonly string[] | null;
  storageIds?: readonly string[] | null;
};

export function nameProblem(name: string): string | null {
  if (name.length === 0) return "Give the cluster a name.";
  if (name.length > 63) return `At most 63 characters (this one has ${name.length}).`;
  if (!/^[A-Za-z0-9]/.test(name)) return "Start with a letter or digit.";
  if (!CLUSTER_NAME_PATTERN.test(name))
    return "Only letters, digits and hyphens (no spaces, dots or underscores).";
  return null;
}

/** The form's first values for an offer: the smallest valid count and the simplest stack. */
export function defaultFormValues(offer: Offer): CreateClusterFormValues {
  const stacks = knownStacks(offer);
  return {
    name: "",
    node_count: validNodeCounts(offer)[0] ?? offer.min_nodes,
    stack: stacks.includes("none") ? "none" : (stacks[0] ?? "none"),
    ssh_key_ids: [],
    storage_id: "",
    include_community: isCommunity(offer),
  };
}

/** The exact POST /clusters body for validated form values (optional fields left out when empty). */
export function toCreateBody(offer: Offer, v: CreateClusterFormValues): CreateClusterBody {
  const body: CreateClusterBody = {
    name: v.name,
    offer_id: offer.id,
    node_count: v.node_count,
    stack: v.stack,
  };
  if (v.ssh_key_ids.length > 0) body.ssh_key_ids = [...v.ssh_key_ids];
  if (v.storage_id !== "") body.storage_id = v.storage_id;
  if (isCommunity(offer)) body.include_community = true;
  return body;
}

/**
 * The first rank the API gives, learned from real machines: the lowest rank among the nodes of the clusters already
 * read. When none has machines yet, 0: Runcrate's tool descriptions say the head is rank 0 (the REST page's example
 * names its node `train-1`, so a workspace whose machines start at 1 is still read as it is).
 */
export function rankOrigin(
  clusters: readonly { nodes?: readonly { rank: number }[] | null }[] | undefined,
): number {
  const ranks = (clusters ?? []).flatMap((c) => (c.nodes ?? []).map((n) => n.rank));
  return ranks.length ? Math.min(...ranks) : 0;
}

/** Machine names the API will give, `<name>-<rank>`, ranks from `firstRank` (rank `firstRank` is the head). */

export function machineNames(name: string, nodeCount: number, firstRank = 0): string[] {
  return Array.from({ length: Math.max(0, nodeCount) }, (_, i) => `${name}-${firstRank + i}`);
}

/**
 * The active cluster (not failed, not terminated) already called `name`, if any: launching again with the same name
 * is allowed, but after Back + Launch it is usually a mistake, so the form warns.
 */
export function activeClusterNamed(clusters: readonly Cluster[] | undefined, name: string): Cluster | null {
  const n = name.trim();
  if (!clusters || n === "") return null;
  return clusters.find((c) => c.name === n && statusGroup(c.status) === "active") ?? null;
}
