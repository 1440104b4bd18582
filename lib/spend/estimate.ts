/**
 * Cost and balance arithmetic for a cluster of one offer (no I/O). The balance rule is the API's own:
 * a create needs a balance of at least max($10, one hour of the whole cluster) (runcrate-api.md §1.9).
 * Billing is hourly_rate_per_node × node_count per hour, for every machine at once, from up_at.
 */
import { MIN_BALANCE_TO_CREATE } from "@/lib/runcrate/constants";

/** The whole cluster's hourly rate, in credits (1 credit = 1 USD). */
export function clusterHourlyRate(ratePerNode: number, nodeCount: number): number {
  return ratePerNode * nodeCount;
}

/** The balance the API requires before it creates the cluster, in whole cents (2.49 × 3 is 7.47, not 7.470000000000001). */
export function requiredBalance(ratePerNode: number, nodeCount: number): number {
  return roundCents(Math.max(MIN_BALANCE_TO_CREATE, clusterHourlyRate(ratePerNode, nodeCount)));
}

/** Dollars missing to satisfy the balance rule; 0 when the balance covers it. */
export function shortfall(balance: number, required: number): number {
  return balance >= required ? 0 : roundCents(required - balance);
}

/**
 * Hours the balance lasts once this cluster runs beside whatever already burns (activeUsageCost per hour).
 * null when nothing would burn (infinite runway); 0 when the balance is already spent.
 */
export function runwayHours(balance: number, clusterRate: number, activeUsageCost = 0): number | null {
  const burn = clusterRate + Math.max(0, activeUsageCost);
  if (burn <= 0) return null;
  return Math.max(0, balance) / burn;
}

/**
 * The workspace's runway now: Runcrate's own `runway_hours` where it sends one (null: nothing runs), else the balance
 * over the burn.
 */
export function balanceRunway(
  b: { creditsBalance: number; runway_hours?: number | null },
  burnPerHour: number,
): number | null {
  return b.runway_hours !== undefined ? b.runway_hours : runwayHours(b.creditsBalance, burnPerHour);
}

/**
 * The runway once a running cluster is resized: its current rate leaves the workspace's burn (activeUsageCost
 * includes it while it is billed) and the new rate joins it.
 */
export function resizedRunwayHours(o: {
  balance: number;
  activeUsageCost: number;
  currentRate: number;
  newRate: number;
}): number | null {
  return runwayHours(o.balance, o.newRate, Math.max(0, o.activeUsageCost - o.currentRate));
}

export type CostEstimate = {
  nodeCount: number;
  hourlyRate: number;
  required: number;
  balance: number | null;
  shortfall: number | null;
  runwayHours: number | null;
};

export function estimateCost(o: {
  ratePerNode: number;
  nodeCount: number;
  balance: number | null;
  activeUsageCost?: number | null;
}): CostEstimate {
  const hourlyRate = clusterHourlyRate(o.ratePerNode, o.nodeCount);
  const required = requiredBalance(o.ratePerNode, o.nodeCount);
  return {
    nodeCount: o.nodeCount,
    hourlyRate,
    required,
    balance: o.balance,
    shortfall: o.balance === null ? null : shortfall(o.balance, required),
    runwayHours: o.balance === null ? null : runwayHours(o.balance, hourlyRate, o.activeUsageCost ?? 0),
  };
}

export function roundCents(x: number): number {
  return Math.round(x * 100) / 100;
}
