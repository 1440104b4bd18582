/**
 * How the console names an offer's or a cluster's machine facts, on every page alike: "3,200 Gbps",
 * "Datacenter", "VM", "InfiniBand". An unknown value from the API is shown as it came.
 */
import { formatCount } from "@/lib/format/number";

const KIND_LABEL: Record<string, string> = { infiniband: "InfiniBand", roce: "RoCE", ethernet: "Ethernet" };
const TIER_LABEL: Record<string, string> = { datacenter: "Datacenter", community: "Community" };
const DEPLOYMENT_LABEL: Record<string, string> = { vm: "VM", container: "Container" };

export function interconnectKindLabel(kind: string): string {
  return KIND_LABEL[kind] ?? kind;
}

export function hostTierLabel(tier: string): string {
  return TIER_LABEL[tier] ?? tier;
}

export function deploymentLabel(type: string): string {
  return DEPLOYMENT_LABEL[type] ?? type;
}

/** A link rate given in Gbit/s (the API's `rate_gbps`), with thousands separators: "3,200 Gbps". */
export function linkRateLabel(gbps: number): string {
  return `${formatCount(gbps)} Gbps`;
}
