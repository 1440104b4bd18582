/**
 * The offer catalogue of GET /clusters/offers. The base set (26 offers) exercises every create rule: datacenter and
 * community hosts; InfiniBand, RoCE and Ethernet; vm and container; with and without allowed_node_counts; different
 * stack subsets; with and without volume support; resizable or not. Ids are readable, stable slugs.
 * SIM_OFFERS=N trims the base set, or extends it with generated offers for benchmarks.
 */
import type { Offer, Stack } from "../lib/runcrate/schemas";
import { seededRandom } from "./random";

type Kind = "infiniband" | "roce" | "ethernet";

/** An offer as the simulator keeps it: the API's fields plus `resize` (copied onto clusters). */
export type SimOffer = Offer & {
  id: string;
  gpu_type: string;
  gpus_per_node: number;
  deployment_type: "vm" | "container";
  host_tier: "datacenter" | "community";
  location: string;
  country_code: string;
  interconnect: { kind: Kind; label: string; rate_gbps: number; note: string };
  hourly_rate_per_node: number;
  min_nodes: number;
  max_nodes: number;
  allowed_node_counts: number[] | null;
  stacks: Stack[];
  volume: boolean;
  resize: boolean;
  gpu_memory_gb: number;
  vcpus_per_node: number;
  memory_gb_per_node: number;
};

const ALL: Stack[] = ["none", "slurm", "kubernetes", "ray"];

const NOTES: Record<Kind, string> = {
  infiniband: "GPUDirect RDMA over InfiniBand between machines; NCCL uses it directly.",
  roce: "RDMA over Converged Ethernet (RoCEv2); close to InfiniBand for all-reduce, more sensitive to congestion.",
  ethernet: "Plain TCP over Ethernet: NCCL falls back to sockets, far slower than RDMA for large all-reduce.",
};

interface Row {
  id: string;
  gpu: string;
  mem: number;
  gpus: number;
  dep: "vm" | "container";
  tier: "datacenter" | "community";
  loc: string;
  cc: string;
  kind: Kind;
  label: string;
  gbps: number;
  perGpu: number;
  min: number;
  max: number;
  allowed?: number[];
  stacks: Stack[];
  volume: boolean;
  resize: boolean;
}

function offer(r: Row): SimOffer {
  const vcpus = r.gpus * (r.tier === "community" ? 8 : 16) * (r.mem >= 80 ? 1.5 : 1);
  return {
    id: r.id,
    gpu_type: r.gpu,
    gpus_per_node: r.gpus,
    deployment_type: r.dep,
    host_tier: r.tier,
    location: r.loc,
    country_code: r.cc,
    interconnect: { kind: r.kind, label: r.label, rate_gbps: r.gbps, note: NOTES[r.kind] },
    hourly_rate_per_node: Math.round(r.perGpu * r.gpus * 100) / 100,
    min_nodes: r.min,
    max_nodes: r.max,
    allowed_node_counts: r.allowed ?? null,
    stacks: r.stacks,
    // Community hosts never take a volume; neither do containers (no /shared to sync it into).
    volume: r.volume && r.tier === "datacenter" && r.dep === "vm",
    resize: r.resize,
    gpu_memory_gb: r.mem,
    vcpus_per_node: Math.round(vcpus),
    memory_gb_per_node: r.gpus * (r.mem >= 80 ? 240 : 120),
  };
}

const dc = { dep: "vm", tier: "datacenter" } as const;
const community = { tier: "community", volume: false } as const;

// One offer per line reads as a table; keep it that way.
// prettier-ignore
export const BASE_OFFERS: SimOffer[] = [
  offer({ ...dc, id: "h100-sxm-8x-ib-dallas", gpu: "H100 SXM", mem: 80, gpus: 8, loc: "Dallas, TX", cc: "US", kind: "infiniband", label: "InfiniBand NDR 8×400 Gb/s", gbps: 3200, perGpu: 2.49, min: 2, max: 32, stacks: ALL, volume: true, resize: true }),
  offer({ ...dc, id: "h100-sxm-8x-ib-helsinki", gpu: "H100 SXM", mem: 80, gpus: 8, loc: "Helsinki", cc: "FI", kind: "infiniband", label: "InfiniBand NDR 8×400 Gb/s", gbps: 3200, perGpu: 2.29, min: 2, max: 16, allowed: [2, 4, 8, 16], stacks: ["none", "slurm"], volume: true, resize: true }),
  offer({ ...dc, id: "h200-sxm-8x-ib-ashburn", gpu: "H200 SXM", mem: 141, gpus: 8, loc: "Ashburn, VA", cc: "US", kind: "infiniband", label: "InfiniBand NDR 8×400 Gb/s", gbps: 3200, perGpu: 3.59, min: 2, max: 16, stacks: ["none", "slurm", "kubernetes"], volume: true, resize: false }),
  offer({ ...dc, id: "h200-sxm-8x-ib-stockholm", gpu: "H200 SXM", mem: 141, gpus: 8, loc: "Stockholm", cc: "SE", kind: "infiniband", label: "InfiniBand NDR 8×400 Gb/s", gbps: 3200, perGpu: 3.29, min: 4, max: 32, allowed: [4, 8, 16, 32], stacks: ["slurm", "kubernetes"], volume: true, resize: true }),
  offer({ ...dc, id: "b200-8x-ib-san-jose", gpu: "B200", mem: 180, gpus: 8, loc: "San Jose, CA", cc: "US", kind: "infiniband", label: "InfiniBand NDR 8×400 Gb/s", gbps: 3200, perGpu: 5.29, min: 2, max: 8, allowed: [2, 4, 8], stacks: ["none", "slurm"], volume: true, resize: false }),
  offer({ ...dc, id: "b200-8x-ib-keflavik", gpu: "B200", mem: 180, gpus: 8, loc: "Keflavík", cc: "IS", kind: "infiniband", label: "InfiniBand XDR 8×800 Gb/s", gbps: 6400, perGpu: 4.99, min: 2, max: 16, stacks: ALL, volume: false, resize: true }),
  offer({ ...dc, id: "gh200-1x-ib-dallas", gpu: "GH200", mem: 96, gpus: 1, loc: "Dallas, TX", cc: "US", kind: "infiniband", label: "InfiniBand NDR 400 Gb/s", gbps: 400, perGpu: 1.99, min: 2, max: 64, stacks: ["none", "slurm", "ray"], volume: true, resize: true }),
  offer({ ...dc, id: "a100-sxm-8x-ib-hillsboro", gpu: "A100 SXM", mem: 80, gpus: 8, loc: "Hillsboro, OR", cc: "US", kind: "infiniband", label: "InfiniBand HDR 8×200 Gb/s", gbps: 1600, perGpu: 1.39, min: 2, max: 32, stacks: ALL, volume: true, resize: true }),
  offer({ ...dc, id: "h100-sxm-8x-roce-montreal", gpu: "H100 SXM", mem: 80, gpus: 8, loc: "Montréal", cc: "CA", kind: "roce", label: "RoCEv2 8×400 Gb/s", gbps: 3200, perGpu: 2.39, min: 2, max: 16, allowed: [2, 4, 8, 16], stacks: ALL, volume: true, resize: true }),
  offer({ ...dc, id: "mi300x-8x-roce-austin", gpu: "MI300X", mem: 192, gpus: 8, loc: "Austin, TX", cc: "US", kind: "roce", label: "RoCEv2 8×400 Gb/s", gbps: 3200, perGpu: 2.19, min: 2, max: 8, allowed: [2, 4, 8], stacks: ["none", "slurm"], volume: true, resize: false }),
  offer({ ...dc, id: "h100-pcie-4x-roce-amsterdam", gpu: "H100 PCIe", mem: 80, gpus: 4, loc: "Amsterdam", cc: "NL", kind: "roce", label: "RoCEv2 2×200 Gb/s", gbps: 400, perGpu: 1.99, min: 2, max: 8, stacks: ALL, volume: true, resize: true }),
  offer({ ...dc, id: "a100-pcie-4x-roce-frankfurt", gpu: "A100 PCIe", mem: 40, gpus: 4, loc: "Frankfurt", cc: "DE", kind: "roce", label: "RoCEv2 200 Gb/s", gbps: 200, perGpu: 1.09, min: 2, max: 16, stacks: ["none", "kubernetes", "ray"], volume: false, resize: true }),
  offer({ ...dc, id: "l40s-8x-roce-chicago", gpu: "L40S", mem: 48, gpus: 8, loc: "Chicago, IL", cc: "US", kind: "roce", label: "RoCEv2 200 Gb/s", gbps: 200, perGpu: 0.99, min: 2, max: 16, stacks: ["none", "kubernetes", "ray"], volume: true, resize: true }),
  offer({ ...dc, id: "h100-nvl-2x-roce-paris", gpu: "H100 NVL", mem: 94, gpus: 2, loc: "Paris", cc: "FR", kind: "roce", label: "RoCEv2 200 Gb/s", gbps: 200, perGpu: 2.09, min: 2, max: 8, stacks: ["none", "ray"], volume: true, resize: false }),
  offer({ ...dc, id: "a100-sxm-8x-eth-tokyo", gpu: "A100 SXM", mem: 80, gpus: 8, loc: "Tokyo", cc: "JP", kind: "ethernet", label: "Ethernet 100 Gb/s", gbps: 100, perGpu: 1.59, min: 2, max: 4, stacks: ["none", "slurm"], volume: true, resize: false }),
  offer({ ...dc, id: "l40s-4x-eth-london", gpu: "L40S", mem: 48, gpus: 4, dep: "container", loc: "London", cc: "GB", kind: "ethernet", label: "Ethernet 100 Gb/s", gbps: 100, perGpu: 0.89, min: 2, max: 8, stacks: ["none", "ray"], volume: false, resize: true }),
  offer({ ...dc, id: "rtx6000ada-4x-eth-atlanta", gpu: "RTX 6000 Ada", mem: 48, gpus: 4, dep: "container", loc: "Atlanta, GA", cc: "US", kind: "ethernet", label: "Ethernet 50 Gb/s", gbps: 50, perGpu: 0.79, min: 2, max: 8, stacks: ["none", "kubernetes"], volume: false, resize: false }),
  offer({ ...dc, id: "l4-4x-eth-portland", gpu: "L4", mem: 24, gpus: 4, dep: "container", loc: "Portland, OR", cc: "US", kind: "ethernet", label: "Ethernet 25 Gb/s", gbps: 25, perGpu: 0.39, min: 2, max: 32, stacks: ["none", "kubernetes", "ray"], volume: false, resize: true }),
  offer({ ...dc, id: "a10-1x-eth-newark", gpu: "A10", mem: 24, gpus: 1, dep: "container", loc: "Newark, NJ", cc: "US", kind: "ethernet", label: "Ethernet 25 Gb/s", gbps: 25, perGpu: 0.49, min: 2, max: 16, stacks: ["none", "ray"], volume: false, resize: true }),
  offer({ ...community, id: "rtx4090-8x-eth-community-fremont", gpu: "RTX 4090", mem: 24, gpus: 8, dep: "container", loc: "Fremont, CA", cc: "US", kind: "ethernet", label: "Ethernet 25 Gb/s", gbps: 25, perGpu: 0.34, min: 2, max: 8, stacks: ["none", "ray"], resize: false }),
  offer({ ...community, id: "rtx4090-4x-eth-community-warsaw", gpu: "RTX 4090", mem: 24, gpus: 4, dep: "container", loc: "Warsaw", cc: "PL", kind: "ethernet", label: "Ethernet 10 Gb/s", gbps: 10, perGpu: 0.31, min: 2, max: 4, allowed: [2, 4], stacks: ["none"], resize: false }),
  offer({ ...community, id: "rtx5090-8x-eth-community-seattle", gpu: "RTX 5090", mem: 32, gpus: 8, dep: "container", loc: "Seattle, WA", cc: "US", kind: "ethernet", label: "Ethernet 25 Gb/s", gbps: 25, perGpu: 0.62, min: 2, max: 8, allowed: [2, 4, 8], stacks: ["none", "ray"], resize: false }),
  offer({ ...community, id: "rtx3090-4x-eth-community-bucharest", gpu: "RTX 3090", mem: 24, gpus: 4, dep: "container", loc: "Bucharest", cc: "RO", kind: "ethernet", label: "Ethernet 10 Gb/s", gbps: 10, perGpu: 0.19, min: 2, max: 6, stacks: ["none", "ray"], resize: false }),
  offer({ ...community, id: "a6000-4x-eth-community-toronto", gpu: "RTX A6000", mem: 48, gpus: 4, dep: "vm", loc: "Toronto", cc: "CA", kind: "ethernet", label: "Ethernet 25 Gb/s", gbps: 25, perGpu: 0.45, min: 2, max: 8, stacks: ["none", "slurm"], resize: true }),
  offer({ ...community, id: "l40s-2x-eth-community-berlin", gpu: "L40S", mem: 48, gpus: 2, dep: "container", loc: "Berlin", cc: "DE", kind: "ethernet", label: "Ethernet 25 Gb/s", gbps: 25, perGpu: 0.79, min: 2, max: 6, stacks: ["none", "kubernetes", "ray"], resize: false }),
  offer({ ...community, id: "h100-pcie-2x-eth-community-houston", gpu: "H100 PCIe", mem: 80, gpus: 2, dep: "vm", loc: "Houston, TX", cc: "US", kind: "ethernet", label: "Ethernet 100 Gb/s", gbps: 100, perGpu: 1.69, min: 2, max: 4, stacks: ["none", "slurm", "ray"], resize: false }),
];

const GENERATED_GPUS = [
  { gpu: "H100 SXM", mem: 80, price: 2.4 },
  { gpu: "H200 SXM", mem: 141, price: 3.4 },
  { gpu: "B200", mem: 180, price: 5.0 },
  { gpu: "A100 SXM", mem: 80, price: 1.4 },
  { gpu: "L40S", mem: 48, price: 0.95 },
  { gpu: "RTX 4090", mem: 24, price: 0.35 },
] as const;
const GENERATED_PLACES = [
  ["Dallas, TX", "US"],
  ["Frankfurt", "DE"],
  ["Tokyo", "JP"],
  ["Oslo", "NO"],
  ["Sydney", "AU"],
  ["São Paulo", "BR"],
] as const;

/** Extra offers for SIM_OFFERS > base size: deterministic, valid, and spread over every rule. */
function generated(index: number): SimOffer {
  const rnd = seededRandom(`offer-${index}`);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const g = pick(GENERATED_GPUS);
  const [loc, cc] = pick(GENERATED_PLACES);
  const tier = rnd() < 0.25 ? "community" : "datacenter";
  const kind: Kind = tier === "community" ? "ethernet" : pick(["infiniband", "roce", "ethernet"] as const);
  const gpus = pick([1, 2, 4, 8] as const);
  const gbps = kind === "ethernet" ? pick([10, 25, 100] as const) : gpus * pick([200, 400] as const);
  const min = pick([2, 2, 4] as const);
  const max = Math.min(64, min * pick([2, 4, 8, 16] as const));
  const stacks = ALL.filter((s) => s === "none" || rnd() < 0.6);
  const slug = g.gpu.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return offer({
    id: `gen-${slug}-${gpus}x-${kind}-${String(index).padStart(5, "0")}`,
    gpu: g.gpu,
    mem: g.mem,
    gpus,
    dep: tier === "community" || rnd() < 0.2 ? "container" : "vm",
    tier,
    loc,
    cc,
    kind,
    label: `${kind === "infiniband" ? "InfiniBand" : kind === "roce" ? "RoCEv2" : "Ethernet"} ${gbps} Gb/s`,
    gbps,
    perGpu: Math.round(g.price * (0.85 + rnd() * 0.3) * 100) / 100,
    min,
    max,
    allowed: rnd() < 0.3 ? [min, min * 2].filter((n) => n <= max) : undefined,
    stacks,
    volume: rnd() < 0.5,
    resize: rnd() < 0.5,
  });
}

/** The catalogue for a given SIM_OFFERS (undefined → the base set). */
export function buildCatalogue(size?: number): SimOffer[] {
  if (size === undefined) return BASE_OFFERS;
  if (size <= BASE_OFFERS.length) return BASE_OFFERS.slice(0, Math.max(1, size));
  const out = [...BASE_OFFERS];
  for (let i = BASE_OFFERS.length; i < size; i++) out.push(generated(i));
  return out;
}

/** GET /clusters/offers filters: community hidden unless asked for; `volume=true` keeps volume-capable offers
 * (`volume=false` means "don't filter", like leaving it out). */
export function filterOffers(
  offers: SimOffer[],
  q: { volume?: boolean; includeCommunity?: boolean },
): SimOffer[] {
  return offers.filter((o) => (q.includeCommunity || o.host_tier !== "community") && (!q.volume || o.volume));
}
