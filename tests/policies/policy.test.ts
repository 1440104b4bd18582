import { describe, expect, it } from "vitest";
import { NO_POLICY, policyBreaches, policyLines, type TeamPolicy } from "@/lib/policies/policy";
import { policyFormValues, teamPolicySchema } from "@/lib/policies/policy-form";

const TEAM = "6f1c2f3e-9a4b-4c5d-8e7f-0a1b2c3d4e5f";
const POLICY: TeamPolicy = {
  maxHourlyRate: 20,
  maxNodes: 4,
  gpuTypes: ["H100", "A100 80GB"],
  deploymentTypes: ["vm"],
  allowCommunity: false,
  requireTimeLimit: true,
  maxTimeLimitMinutes: 8 * 60,
  maxClustersPerMember: 2,
  maxTeamHourlyRate: 50,
};

describe("what breaks a team's policy", () => {
  it("no policy: nothing does", () => {
    expect(
      policyBreaches(NO_POLICY, { gpuType: "B200", nodes: 64, hourlyRate: 900, timeLimitMinutes: null }),
    ).toEqual([]);
    expect(policyLines(NO_POLICY)).toEqual([]);
  });

  it("each rule, named with its value and what was asked, on the field it is about", () => {
    expect(
      policyBreaches(POLICY, {
        gpuType: "b200",
        deploymentType: "container",
        community: true,
        nodes: 8,
        hourlyRate: 31.36,
        timeLimitMinutes: 12 * 60,
      }),
    ).toEqual([
      {
        rule: "gpu-type",
        field: "offer_id",
        message: "The team's policy allows H100, A100 80GB; this offer is b200.",
      },
      {
        rule: "deployment-type",
        field: "offer_id",
        message: "The team's policy allows vm machines; this offer is container.",
      },
      {
        rule: "community",
        field: "offer_id",
        message: "The team's policy does not allow community hosts; this offer is on them.",
      },
      {
        rule: "max-nodes",
        field: "node_count",
        message: "The team's policy allows at most 4 nodes per cluster; this asks for 8.",
      },
      {
        rule: "max-hourly-rate",
        field: "node_count",
        message: "The team's policy allows at most $20.00/h per cluster; this would be $31.36/h.",
      },
      {
        rule: "max-time-limit",
        field: "timeLimit",
        message: "The team's policy allows a time limit of at most 8 h; this asks for 12 h.",
      },
    ]);
    expect(policyBreaches(POLICY, { timeLimitMinutes: null }).map((b) => b.message)).toEqual([
      "The team's policy asks every cluster for a time limit (at most 8 h).",
    ]);
  });

  it("what keeps it passes: GPU types compare without case, the limit is inclusive, untouched fields are not asked", () => {
    expect(
      policyBreaches(POLICY, {
        gpuType: "h100",
        deploymentType: "VM",
        community: false,
        nodes: 4,
        hourlyRate: 20,
        timeLimitMinutes: 8 * 60,
      }),
    ).toEqual([]);
    expect(policyBreaches({ ...POLICY, allowCommunity: true }, { community: true })).toEqual([]);
    // A resize says nothing of time limits or GPU types.
    expect(policyBreaches(POLICY, { nodes: 2, hourlyRate: 10 })).toEqual([]);
  });

  it("the rules on a team's clusters together: a member's running clusters and the team's total rate", () => {
    const usage = { memberClusters: 2, teamHourlyRate: 45 };
    expect(policyBreaches(POLICY, { usage, adds: { clusters: 1, hourlyRate: 10 } })).toEqual([
      {
        rule: "max-clusters-per-member",
        field: null,
        message: "The team's policy allows each member 2 running clusters; you have 2.",
      },
      {
        rule: "max-team-hourly-rate",
        field: "node_count",
        message:
          "The team's policy allows its running clusters $50.00/h together; they run at $45.00/h and this would add $10.00/h.",
      },
    ]);
    // Up to the rule passes; a resize adds no cluster, and a smaller one adds no rate.
    expect(
      policyBreaches(POLICY, {
        usage: { memberClusters: 1, teamHourlyRate: 40 },
        adds: { clusters: 1, hourlyRate: 10 },
      }),
    ).toEqual([]);
    expect(policyBreaches(POLICY, { usage, adds: { clusters: 0, hourlyRate: -5 } })).toEqual([]);
    // Without what runs, these rules are not asked (the offers list has no usage).
    expect(policyBreaches(POLICY, { adds: { clusters: 1, hourlyRate: 1000 } })).toEqual([]);
  });
});

describe("the policy form", () => {
  it("reads what is typed: empty is no rule, a $ and /h are allowed, types are a list", () => {
    expect(
      teamPolicySchema.parse({
        teamId: TEAM,
        maxHourlyRate: " $20/h ",
        maxNodes: "4",
        gpuTypes: "H100, A100 80GB, H100",
        deploymentTypes: "vm",
        allowCommunity: false,
        requireTimeLimit: true,
        maxTimeLimit: "8 h",
        maxClustersPerMember: "3",
        maxTeamHourlyRate: "$200",
      }),
    ).toEqual({
      teamId: TEAM,
      maxHourlyRate: 20,
      maxNodes: 4,
      gpuTypes: ["H100", "A100 80GB"],
      deploymentTypes: ["vm"],
      allowCommunity: false,
      requireTimeLimit: true,
      maxTimeLimit: 480,
      maxClustersPerMember: 3,
      maxTeamHourlyRate: 200,
    });
    expect(
      teamPolicySchema.parse({
        teamId: TEAM,
        maxHourlyRate: "",
        maxNodes: "",
        gpuTypes: "",
        deploymentTypes: "",
        allowCommunity: true,
        requireTimeLimit: false,
        maxTimeLimit: "",
        maxClustersPerMember: "",
        maxTeamHourlyRate: "",
      }),
    ).toMatchObject({
      maxHourlyRate: null,
      maxNodes: null,
      gpuTypes: null,
      deploymentTypes: null,
      maxTimeLimit: null,
      maxClustersPerMember: null,
      maxTeamHourlyRate: null,
    });
  });

  it("says what is wrong with each field it cannot read", () => {
    const r = teamPolicySchema.safeParse({
      teamId: TEAM,
      maxHourlyRate: "-3",
      maxNodes: "2.5",
      gpuTypes: "H100; DROP TABLE",
      deploymentTypes: "vm<script>",
      allowCommunity: true,
      requireTimeLimit: false,
      maxTimeLimit: "forever",
      maxClustersPerMember: "0",
      maxTeamHourlyRate: "lots",
    });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      maxHourlyRate: "Largest hourly rate: a number above 0, at most 100000, or empty for no rule.",
      maxNodes: "Most nodes: a whole number.",
      gpuTypes: "GPU types as offers name them, separated by commas (H100, A100 80GB), or empty for any.",
      deploymentTypes:
        "Deployment types as offers name them, separated by commas (vm, container), or empty for any.",
      maxTimeLimit: 'Longest time limit: a duration such as "8 h" or "90 min".',
      maxClustersPerMember:
        "Most running clusters per member: a number above 0, at most 1000, or empty for no rule.",
      maxTeamHourlyRate:
        "Largest hourly rate for the team: a number above 0, at most 1000000, or empty for no rule.",
    });
  });

  it("a team without a policy starts the form with community hosts off: they are allowed only when said", () => {
    expect(policyFormValues(TEAM, NO_POLICY).allowCommunity).toBe(false);
    expect(policyFormValues(TEAM, { ...NO_POLICY, maxNodes: 2 }).allowCommunity).toBe(true);
  });

  it("a stored policy fills the form with text that reads back to it", () => {
    const text = policyFormValues(TEAM, { ...POLICY, maxTimeLimitMinutes: 90 });
    const back = teamPolicySchema.parse(text);
    expect(back).toEqual({
      teamId: TEAM,
      maxHourlyRate: 20,
      maxNodes: 4,
      gpuTypes: ["H100", "A100 80GB"],
      deploymentTypes: ["vm"],
      allowCommunity: false,
      requireTimeLimit: true,
      maxTimeLimit: 90,
      maxClustersPerMember: 2,
      maxTeamHourlyRate: 50,
    });
    expect(policyLines(POLICY)).toEqual([
      "At most $20.00/h per cluster",
      "At most 4 nodes per cluster",
      "GPU types: H100, A100 80GB",
      "Deployment types: vm",
      "No community hosts",
      "Every cluster has a time limit",
      "Time limits of at most 8 h",
      "At most 2 running clusters per member",
      "At most $50.00/h for the whole team",
    ]);
  });
});
