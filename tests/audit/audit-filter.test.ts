import { describe, expect, it } from "vitest";
import { auditFilterQuery, readAuditFilter } from "@/lib/audit/audit";

const ID = "6f1c2f3e-9a4b-4c5d-8e7f-0a1b2c3d4e5f";

describe("the team log's filters from the query string", () => {
  it("reads a person and an action; none is the whole log", () => {
    expect(readAuditFilter({})).toEqual({
      filter: { person: null, action: null, cluster: null },
      messages: [],
    });
    expect(readAuditFilter({ person: "", action: "" })).toEqual({
      filter: { person: null, action: null, cluster: null },
      messages: [],
    });
    expect(readAuditFilter({ person: ID, action: "member-removed" })).toEqual({
      filter: { person: ID, action: "member-removed", cluster: null },
      messages: [],
    });
  });

  it("reads one cluster, as given in the log's links", () => {
    expect(readAuditFilter({ cluster: "c-9f" })).toEqual({
      filter: { person: null, action: null, cluster: "c-9f" },
      messages: [],
    });
    expect(auditFilterQuery({ person: ID, action: null, cluster: "c 9" })).toBe(`person=${ID}&cluster=c+9`);
    expect(auditFilterQuery({ person: null, action: null, cluster: null })).toBe("");
  });

  it("drops what it cannot read and says so, keeping the rest", () => {
    expect(readAuditFilter({ cluster: ["a", "b"], action: "launch" })).toEqual({
      filter: { person: null, action: "launch", cluster: null },
      messages: ["Choose one cluster: the link gave several."],
    });
    expect(readAuditFilter({ cluster: "x\u0000y" }).messages).toEqual([
      "That link names no cluster Clusterdeck can look up.",
    ]);
    expect(readAuditFilter({ person: "nobody", action: "terminate" })).toEqual({
      filter: { person: null, action: "terminate", cluster: null },
      messages: ["That link names no person in this team."],
    });
    expect(readAuditFilter({ person: ID, action: "drop-tables" })).toEqual({
      filter: { person: ID, action: null, cluster: null },
      messages: ['"drop-tables" is not an action the log records.'],
    });
    expect(readAuditFilter({ person: [ID, ID], action: ["launch", "test"] }).messages).toEqual([
      "Choose one person: the link gave several.",
      "Choose one action: the link gave several.",
    ]);
  });
});

describe("the log as CSV", () => {
  it("one row per entry with who, what, where from and why; quotes what needs it and disarms formulas", async () => {
    const { auditCsv } = await import("@/lib/audit/audit");
    const csv = auditCsv([
      {
        id: "1",
        action: "terminate",
        clusterId: "c-1",
        clusterName: '=HYPERLINK("x")',
        keyLabel: "Team key",
        detail: 'was ready · reason: "over budget", again',
        actorEmail: "ada@example.com",
        address: "203.0.113.7",
        at: "2026-12-06T10:00:00.000Z",
      },
      {
        id: "2",
        action: "member-invited",
        clusterId: null,
        clusterName: null,
        keyLabel: "",
        detail: null,
        actorEmail: "bo@example.com",
        at: "2026-12-06T09:00:00.000Z",
      },
    ]);
    expect(csv.split("\n")).toEqual([
      "at,action,person,cluster_id,cluster_name,key,address,detail",
      `2026-12-06T10:00:00.000Z,terminate,ada@example.com,c-1,"'=HYPERLINK(""x"")",Team key,203.0.113.7,"was ready · reason: ""over budget"", again"`,
      "2026-12-06T09:00:00.000Z,member-invited,bo@example.com,,,,,",
      "",
    ]);
  });
});
