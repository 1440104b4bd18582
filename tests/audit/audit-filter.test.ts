import { describe, expect, it } from "vitest";
import { readAuditFilter } from "@/lib/audit/audit";

const ID = "6f1c2f3e-9a4b-4c5d-8e7f-0a1b2c3d4e5f";

describe("the team log's filters from the query string", () => {
  it("reads a person and an action; none is the whole log", () => {
    expect(readAuditFilter({})).toEqual({ filter: { person: null, action: null }, messages: [] });
    expect(readAuditFilter({ person: "", action: "" })).toEqual({
      filter: { person: null, action: null },
      messages: [],
    });
    expect(readAuditFilter({ person: ID, action: "member-removed" })).toEqual({
      filter: { person: ID, action: "member-removed" },
      messages: [],
    });
  });

  it("drops what it cannot read and says so, keeping the rest", () => {
    expect(readAuditFilter({ person: "nobody", action: "terminate" })).toEqual({
      filter: { person: null, action: "terminate" },
      messages: ["That link names no person in this team."],
    });
    expect(readAuditFilter({ person: ID, action: "drop-tables" })).toEqual({
      filter: { person: ID, action: null },
      messages: ['"drop-tables" is not an action the log records.'],
    });
    expect(readAuditFilter({ person: [ID, ID], action: ["launch", "test"] }).messages).toEqual([
      "Choose one person: the link gave several.",
      "Choose one action: the link gave several.",
    ]);
  });
});
