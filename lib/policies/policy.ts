/**
 * Team policies, browser-safe: the rules a team's admins set, how the form reads them, and what breaks them. The
 * server checks a launch, a resize and a limit change against the same functions the pages show the rules with, and
 * a refusal names the rule and its value.
 */
import { z } from "zod";
import { MAX_TIME_LIMIT_MINUTES, parseDuration } from "@/lib/spend/ledger";
import { formatHourly } from "@/lib/format/money";
import { formatMinutes } from "@/lib/format/duration";
import { MAX_NODES } from "@/lib/runcrate/schemas";

export type TeamPolicy = {
  /** The largest hourly rate one cluster may have, in dollars; null: no rule. */
  maxHourlyRate: number | null;
  maxNodes: number | null;
  /** The GPU types a cluster may use (as offers name them, compared without case); null: any. */
  gpuTypes: string[] | null;
  /** Clusters may run on community hosts; a policy keeps them off unless its admins allow them. */
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
  p.allowCommunity &&
  !p.requireTimeLimit &&
  p.maxTimeLimitMinutes === null &&
  p.maxClustersPerMember === null &&
  p.maxTeamHourlyRate === null;

/** Which rule a launch, resize or limit breaks; the field of the create form it is about. */
export type PolicyBreach = {
  rule:
    | "max-hourly-rate"
    | "max-nodes"
    | "gpu-type"
    | "community"
    | "time-limit-required"
    | "max-time-limit"
    | "max-clusters-per-member"
    | "max-team-hourly-rate"
    | "team-budget"
    | "member-budget";
  /** null: about the launch as a whole, not one field (how many clusters the member already runs). */
  field: "node_count" | "offer_id" | "timeLimit" | null;
  message: string;
};

/** What a launch or a resize would make: the cluster's GPU type, node count and hourly rate (and its time limit). */
export type PolicyCase = {
  gpuType?: string;
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

// ───────────────────────────── the form ─────────────────────────────

const optionalNumber = (what: string, max: number, int: boolean) =>
  z
    .string()
    .trim()
    .max(20)
    .transform((s) => s.replace(/^\$/, "").replace(/\/h$/i, "").trim())
    .refine((s) => s === "" || (Number.isFinite(Number(s)) && Number(s) > 0 && Number(s) <= max), {
      message: `${what}: a number above 0, at most ${max}, or empty for no rule.`,
    })
    .refine((s) => !int || s === "" || Number.isInteger(Number(s)), { message: `${what}: a whole number.` })
    .transform((s) => (s === "" ? null : Number(s)));

/** Settings → Team's policy form, as typed (empty: no rule). */
export const teamPolicySchema = z.object({
  teamId: z.uuid("That team does not exist."),
  maxHourlyRate: optionalNumber("Largest hourly rate", 100_000, false),
  maxNodes: optionalNumber("Most nodes", MAX_NODES, true),
  maxClustersPerMember: optionalNumber("Most running clusters per member", 1000, true),
  maxTeamHourlyRate: optionalNumber("Largest hourly rate for the team", 1_000_000, false),
  gpuTypes: z
    .string()
    .trim()
    .max(500, "List at most a few hundred characters of GPU types.")
    .transform((s) =>
      s === ""
        ? null
        : [
            ...new Set(
              s
                .split(",")
                .map((g) => g.trim())
                .filter(Boolean),
            ),
          ],
    )
    .refine((g) => g === null || g.every((t) => t.length <= 60 && /^[\w .+-]+$/.test(t)), {
      message: "GPU types as offers name them, separated by commas (H100, A100 80GB), or empty for any.",
    }),
  allowCommunity: z.boolean(),
  requireTimeLimit: z.boolean(),
  maxTimeLimit: z
    .string()
    .trim()
    .max(40)
    .transform((s, ctx) => {
      if (s === "") return null;
      const minutes = parseDuration(s);
      if (minutes === null || minutes <= 0 || minutes > MAX_TIME_LIMIT_MINUTES) {
        ctx.addIssue({
          code: "custom",
          message: 'Longest time limit: a duration such as "8 h" or "90 min".',
        });
        return z.NEVER;
      }
      return minutes;
    }),
});
export type TeamPolicyInput = z.input<typeof teamPolicySchema>;

/**
 * The form's text for a stored policy. A team without one starts with community hosts off: a policy allows them
 * only when its admins say so.
 */
export function policyFormValues(teamId: string, p: TeamPolicy): TeamPolicyInput {
  return {
    allowCommunity: isNoPolicy(p) ? false : p.allowCommunity,
    teamId,
    maxHourlyRate: p.maxHourlyRate === null ? "" : String(p.maxHourlyRate),
    maxNodes: p.maxNodes === null ? "" : String(p.maxNodes),
    gpuTypes: p.gpuTypes === null ? "" : p.gpuTypes.join(", "),
    requireTimeLimit: p.requireTimeLimit,
    maxTimeLimit: p.maxTimeLimitMinutes === null ? "" : formatMinutes(p.maxTimeLimitMinutes),
    maxClustersPerMember: p.maxClustersPerMember === null ? "" : String(p.maxClustersPerMember),
    maxTeamHourlyRate: p.maxTeamHourlyRate === null ? "" : String(p.maxTeamHourlyRate),
  };
}
