/**
 * What an offer says about its machines beyond the GPU (Runcrate's tool descriptions: `node {vcpus, memory_gb,
 * storage_gb, vram_gb}`) and how many are free (`nodes_available`). Either may be absent: the REST page's offers carry
 * neither, and a null stock means only a launch can tell. Shared by the offers table, its cards and the create form.
 */
import { formatCount } from "@/lib/format/number";
import type { Offer } from "@/lib/runcrate/schemas";

const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "480 GB", "1.9 TB" (decimal units, as machine specs are sold). */
export function formatGb(gb: number): string {
  return gb >= 1000 ? `${oneDecimal.format(gb / 1000)} TB` : `${formatCount(gb)} GB`;
}

/** ["192 vCPU", "1.9 TB RAM", "7.7 TB disk"]: what each machine has, leaving out what the offer does not say. */
export function machineParts(offer: Pick<Offer, "node">): string[] {
  const n = offer.node;
  if (!n) return [];
  return [
    n.vcpus != null ? `${formatCount(n.vcpus)} vCPU` : null,
    n.memory_gb != null ? `${formatGb(n.memory_gb)} RAM` : null,
    n.storage_gb != null ? `${formatGb(n.storage_gb)} disk` : null,
  ].filter((p): p is string => p !== null);
}

/** "192 vCPU · 1.9 TB RAM · 7.7 TB disk"; null when the offer says none of them. */
export function machineText(offer: Pick<Offer, "node">): string | null {
  const parts = machineParts(offer);
  return parts.length ? parts.join(" · ") : null;
}

/** "80 GB" of memory per GPU; null when the offer does not say. */
export function vramText(offer: Pick<Offer, "node">): string | null {
  const v = offer.node?.vram_gb;
  return v != null ? `${formatCount(v)} GB` : null;
}

export type Stock = {
  text: string;
  /** Fewer free than the count asked for (or none at all). */
  short: boolean;
};

/**
 * The offer's free machines for a person choosing `nodes` (null: no count chosen): "32 free", "Only 3 free",
 * "None free", or "Stock: only a launch can tell" when Runcrate says it does not know. Null when the API says
 * nothing about stock at all (the REST page's offers).
 */
export function stockText(offer: Pick<Offer, "nodes_available">, nodes: number | null): Stock | null {
  const free = offer.nodes_available;
  if (free === undefined) return null;
  if (free === null) return { text: "Stock: only a launch can tell", short: false };
  if (free === 0) return { text: "None free right now", short: true };
  const short = nodes !== null && free < nodes;
  return { text: short ? `Only ${formatCount(free)} free` : `${formatCount(free)} free`, short };
}
