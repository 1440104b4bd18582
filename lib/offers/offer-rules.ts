/**
 * What one offer allows, derived from its fields alone (no I/O). The create form, its server action, the offers
 * table and the cost summary all read the offer through these functions so they can never disagree.
 */
import { MAX_NODES, MIN_NODES, STACKS, type Stack } from "@/lib/runcrate/constants";
import type { Offer } from "@/lib/runcrate/schemas";

/** The three fields that decide which node counts an offer takes (also all a resize needs). */
export type NodeCountLimits = Pick<Offer, "min_nodes" | "max_nodes" | "allowed_node_counts">;

/** Every node count the API would take for this offer: 2–64 ∩ min..max ∩ allowed_node_counts (when it has them). */
export function validNodeCounts(offer: NodeCountLimits): number[] {
  const lo = Math.max(MIN_NODES, offer.min_nodes);
  const hi = Math.min(MAX_NODES, offer.max_nodes);
  const allowed = offer.allowed_node_counts;
  if (allowed && allowed.length > 0) {
    return [...new Set(allowed)]
      .filter((n) => Number.isInteger(n) && n >= lo && n <= hi)
      .sort((a, b) => a - b);
  }
  const out: number[] = [];
  for (let n = lo; n <= hi; n++) out.push(n);
  return out;
}

export function takesNodeCount(offer: NodeCountLimits, n: number): boolean {
  if (!Number.isInteger(n) || n < MIN_NODES || n > MAX_NODES) return false;
  if (n < offer.min_nodes || n > offer.max_nodes) return false;
  const allowed = offer.allowed_node_counts;
  return !allowed || allowed.length === 0 || allowed.includes(n);
}

/** A short human description of the counts, e.g. "2–16 nodes" or "2, 4 or 8 nodes". */
/**
 * A count asked for (a launch link's `?nodes=`) checked against the offer: itself when offered, else the nearest
 * count the offer takes (the smaller one on a tie), so the form can say which it picked instead of changing it silently.
 */
export function nodeCountFor(
  offer: NodeCountLimits,
  asked: number | null,
): { count: number; adjustedFrom: number | null } | null {
  const counts = validNodeCounts(offer);
  if (counts.length === 0) return null;
  if (asked === null || counts.includes(asked)) return { count: asked ?? counts[0]!, adjustedFrom: null };
  const nearest = counts.reduce((best, n) => (Math.abs(n - asked) < Math.abs(best - asked) ? n : best));
  return { count: nearest, adjustedFrom: asked };
}

export function describeNodeCounts(offer: Offer): string {
  const counts = validNodeCounts(offer);
  if (counts.length === 0) return "no valid node count";
  const allowed = offer.allowed_node_counts;
  if (allowed && allowed.length > 0) return `${joinOr(counts.map(String))} nodes`;
  const first = counts[0];
  const last = counts[counts.length - 1];
  return first === last ? `${first} nodes` : `${first}–${last} nodes`;
}

export function joinOr(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

export function isCommunity(offer: Pick<Offer, "host_tier">): boolean {
  return offer.host_tier === "community";
}

export function isContainer(offer: Pick<Offer, "deployment_type">): boolean {
  return offer.deployment_type === "container";
}

/** Why a storage volume cannot be attached, or null when it can. */
export function storageBlockedReason(offer: Offer): string | null {
  if (isCommunity(offer)) return "Community hosts cannot take a storage volume.";
  if (isContainer(offer))
    return "Container machines have no /shared, so there is nowhere to sync a volume; pick a VM offer that takes volumes.";
  if (!offer.volume)
    return "This offer does not take storage volumes; filter offers by “Takes a volume” to find one that does.";
  return null;
}

export function storageAllowed(offer: Offer): boolean {
  return storageBlockedReason(offer) === null;
}

/** The offer's stacks the API knows how to create (an unknown stack string is shown, never sent). */
export function knownStacks(offer: Offer): Stack[] {
  return STACKS.filter((s) => offer.stacks.includes(s));
}

/** The offer's stacks this console does not know: listed on the form with the reason, never sent. */
export function unknownStacks(offer: Offer): string[] {
  return offer.stacks.filter((s) => !(STACKS as readonly string[]).includes(s));
}

export function pricePerGpuHour(offer: Offer): number | null {
  return offer.gpus_per_node > 0 ? offer.hourly_rate_per_node / offer.gpus_per_node : null;
}

export const STACK_INFO: Record<Stack, { label: string; line: string }> = {
  none: {
    label: "None",
    line: "Plain machines on a private network with SSH between them; bring your own launcher (torchrun, mpirun).",
  },
  slurm: {
    label: "Slurm",
    line: "A Slurm controller on the head and every node a worker; submit jobs with sbatch or srun.",
  },
  kubernetes: {
    label: "Kubernetes",
    line: "A Kubernetes cluster across the nodes with GPUs schedulable; reach it with kubectl through an SSH tunnel.",
  },
  ray: {
    label: "Ray",
    line: "A Ray cluster headed on the first machine; submit with ray job submit or open the dashboard through a tunnel.",
  },
};

export function stackLabel(stack: string): string {
  return (STACK_INFO as Record<string, { label: string } | undefined>)[stack]?.label ?? stack;
}
