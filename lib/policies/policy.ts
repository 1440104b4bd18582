/**
 * Team policies, browser-safe: the rules a team's admins set, how the form reads them, and what breaks them. The
 * server checks a launch, a resize and a limit change against the same functions the pages show the rules with, and
 * a refusal names the rule and its value.
 */
import { formatHourly } from "@/lib/format/money";
import { formatMinutes } from "@/lib/format/duration";
import type { BudgetBreach } from "@/lib/budgets/budget";

export type TeamPolicy = {
  /** The largest hourly rate one cluster may have, in dollars; null: no rule. */
  maxHourlyRate: number | null;
  maxNodes: number | null;
  /** The GPU types a cluster may use (as offers name them, compared without case); null: any. */
  gpuTypes: string[] | null;
  /** The deployment types a cluster may use (vm, container: as offers name them, compared without case); null: any. */
  deploymentTypes: string[] | null;
  /** Clusters may run on community hosts (the host-tier rule: datacenter hosts are always allowed); a policy keeps them off unless its admins allow them. */
  allowCommunity: boolean;
  requireTimeLimit: boolean;
  maxTimeLimitMinutes: number | null;
  /** The most clusters one member may have running at once in the team; null: no rule. */
  maxClustersPerMember: number | null;
  /** The largest hourly rate of all the team's running clusters together, in dollars; null: no rule. */
  maxTeamHourlyRate: number | null;
};

export const NO_POLICY: TeamPolicy = {
  maxHourlyRate: null,
  maxNodes: null,
  gpuTypes: null,
  deploymentTypes: null,
  allowCommunity: true,
  requireTimeLimit: false,
  maxTimeLimitMinutes: null,
  maxClustersPerMember: null,
  maxTeamHourlyRate: null,
};

export const isNoPolicy = (p: TeamPolicy) =>
  p.maxHourlyRate === null &&
  p.maxNodes === null &&
  p.gpuTypes === null &&
  p.deploymentTypes === null &&
  p.allowCommunity &&
  !p.requireTimeLimit &&
  p.maxTimeLimitMinutes === null &&
  p.maxClustersPerMember === null &&
  p.maxTeamHourlyRate === null;

/** Which rule a launch, resize or limit breaks; the field of the create form it is about. */
export type PolicyBreach =
  | {
      rule:
        | "max-hourly-rate"
        | "max-nodes"
        | "gpu-type"
        | "deployment-type"
        | "community"
        | "time-limit-required"
        | "max-time-limit"
        | "max-clusters-per-member"
        | "max-team-hourly-rate";
      /** null: about the launch as a whole, not one field (how many clusters the member already runs). */
      field: "node_count" | "offer_id" | "timeLimit" | null;
      message: string;
    }
  | BudgetBreach;

/** What a launch or a resize would make: the cluster's GPU type, node count and hourly rate (and its time limit). */
export type PolicyCase = {
  gpuType?: string;
  /** The offer's deployment type (vm, container). */
  deploymentType?: string;
  /** The offer is on community hosts. */
  community?: boolean;
  nodes?: number;
  hourlyRate?: number;
  /** The cluster's time limit in minutes: null for none, undefined when the change does not touch limits. */
  timeLimitMinutes?: number | null;
  /**
   * What already runs in the team, for the rules on all of a team's clusters together: the clusters the member has
   * running (and launching), and the team's hourly rate now. `adds` is what this change adds to them: a launch adds
   * one cluster and its rate, a resize the difference in rate.
   */
  usage?: TeamUsage;
  adds?: { clusters: number; hourlyRate: number };
};

/** What runs in a team now, as the policy counts it (lib/policies/server/launch-holds.ts reads it). */
export type TeamUsage = { memberClusters: number; teamHourlyRate: number };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Every rule `c` breaks, in the order the form shows them; empty when it keeps the policy. */
export function policyBreaches(p: TeamPolicy, c: PolicyCase): PolicyBreach[] {
  const out: PolicyBreach[] = [];
  if (c.gpuType !== undefined && p.gpuTypes !== null) {
    const allowed = p.gpuTypes.map((g) => g.toLowerCase());
    if (!allowed.includes(c.gpuType.toLowerCase()))
      out.push({
        rule: "gpu-type",
        field: "offer_id",
        message: `The team's policy allows ${p.gpuTypes.length ? p.gpuTypes.join(", ") : "no GPU type"}; this offer is ${c.gpuType}.`,
      });
  }
  if (c.deploymentType !== undefined && p.deploymentTypes !== null) {
    const allowed = p.deploymentTypes.map((d) => d.toLowerCase());
    if (!allowed.includes(c.deploymentType.toLowerCase()))
      out.push({
        rule: "deployment-type",
        field: "offer_id",
        message: `The team's policy allows ${p.deploymentTypes.length ? `${p.deploymentTypes.join(", ")} machines` : "no deployment type"}; this offer is ${c.deploymentType}.`,
      });
  }
  if (c.community === true && !p.allowCommunity)
    out.push({
      rule: "community",
      field: "offer_id",
      message: "The team's policy does not allow community hosts; this offer is on them.",
    });
  if (c.nodes !== undefined && p.maxNodes !== null && c.nodes > p.maxNodes)
    out.push({
      rule: "max-nodes",
      field: "node_count",
      message: `The team's policy allows at most ${plural(p.maxNodes, "node")} per cluster; this asks for ${c.nodes}.`,
    });
  if (c.hourlyRate !== undefined && p.maxHourlyRate !== null && c.hourlyRate > p.maxHourlyRate + 1e-9)
    out.push({
      rule: "max-hourly-rate",
      field: "node_count",
      message: `The team's policy allows at most ${formatHourly(p.maxHourlyRate)} per cluster; this would be ${formatHourly(c.hourlyRate)}.`,
    });
  if (c.timeLimitMinutes !== undefined) {
    if (c.timeLimitMinutes === null && p.requireTimeLimit)
      out.push({
        rule: "time-limit-required",
        field: "timeLimit",
        message: `The team's policy asks every cluster for a time limit${p.maxTimeLimitMinutes !== null ? ` (at most ${formatMinutes(p.maxTimeLimitMinutes)})` : ""}.`,
      });
    if (
      c.timeLimitMinutes !== null &&
      p.maxTimeLimitMinutes !== null &&
      c.timeLimitMinutes > p.maxTimeLimitMinutes
    )
      out.push({
        rule: "max-time-limit",
        field: "timeLimit",
        message: `The team's policy allows a time limit of at most ${formatMinutes(p.maxTimeLimitMinutes)}; this asks for ${formatMinutes(c.timeLimitMinutes)}.`,
      });
  }
  if (c.usage && c.adds) {
    const { usage, adds } = c;
    if (
      adds.clusters > 0 &&
      p.maxClustersPerMember !== null &&
      usage.memberClusters + adds.clusters > p.maxClustersPerMember
    )
      out.push({
        rule: "max-clusters-per-member",
        field: null,
        message: `The team's policy allows each member ${plural(p.maxClustersPerMember, "running cluster")}; you have ${usage.memberClusters}.`,
      });
    if (
      adds.hourlyRate > 0 &&
      p.maxTeamHourlyRate !== null &&
      usage.teamHourlyRate + adds.hourlyRate > p.maxTeamHourlyRate + 1e-9
    )
      out.push({
        rule: "max-team-hourly-rate",
        field: "node_count",
        message: `The team's policy allows its running clusters ${formatHourly(p.maxTeamHourlyRate)} together; they run at ${formatHourly(usage.teamHourlyRate)} and this would add ${formatHourly(adds.hourlyRate)}.`,
      });
  }
  return out;
}

/** The policy in a sentence each, for the pages that show it (Settings → Team, the create form). */
export function policyLines(p: TeamPolicy): string[] {
  const lines: string[] = [];
  if (p.maxHourlyRate !== null) lines.push(`At most ${formatHourly(p.maxHourlyRate)} per cluster`);
  if (p.maxNodes !== null) lines.push(`At most ${plural(p.maxNodes, "node")} per cluster`);
  if (p.gpuTypes !== null) lines.push(`GPU types: ${p.gpuTypes.length ? p.gpuTypes.join(", ") : "none"}`);
  if (p.deploymentTypes !== null)
    lines.push(`Deployment types: ${p.deploymentTypes.length ? p.deploymentTypes.join(", ") : "none"}`);
  if (!p.allowCommunity) lines.push("No community hosts");
  if (p.requireTimeLimit) lines.push("Every cluster has a time limit");
  if (p.maxTimeLimitMinutes !== null)
    lines.push(`Time limits of at most ${formatMinutes(p.maxTimeLimitMinutes)}`);
  if (p.maxClustersPerMember !== null)
    lines.push(`At most ${plural(p.maxClustersPerMember, "running cluster")} per member`);
  if (p.maxTeamHourlyRate !== null)
    lines.push(`At most ${formatHourly(p.maxTeamHourlyRate)} for the whole team`);
  return lines;
}
