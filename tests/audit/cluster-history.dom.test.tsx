// @vitest-environment jsdom
/**
 * The audit page's view of one cluster, as a component: the console's entries say who did what with which key,
 * Runcrate's events say what happened, and a cluster with nothing recorded says so and links to the cluster. The log
 * itself links each cluster's history.
 */
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuditTable } from "@/components/audit/audit-table";
import { ClusterHistory } from "@/components/audit/cluster-history";
import { clusterHistory } from "@/lib/audit/audit";

describe("ClusterHistory", () => {
  it("lists console actions and Runcrate events, newest first", () => {
    const items = clusterHistory(
      [
        {
          id: "1",
          at: "2026-01-01T00:00:00Z",
          action: "launch",
          actorEmail: "ada@example.com",
          keyLabel: "prod",
          detail: "2 × H100",
        },
      ],
      [{ eventId: 4, at: "2026-01-01T00:02:00Z", kind: "node_joined", rank: 0, message: "head is up" }],
    );
    render(<ClusterHistory clusterId="cl_1" items={items} />);
    const rows = within(screen.getByRole("list", { name: "Cluster history" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toMatch(/Runcrate\s*Node joined\s*rank 0/);
    expect(rows[0]?.textContent).toContain("head is up");
    expect(rows[1]?.textContent).toMatch(/Launched\s*by ada@example.com with key prod/);
    expect(rows[1]?.textContent).toContain("2 × H100");
    expect(rows[1]?.querySelector("time")?.getAttribute("datetime")).toBe("2026-01-01T00:00:00Z");
  });

  it("says when nothing is recorded, and links to the cluster", () => {
    render(<ClusterHistory clusterId="cl/odd" items={[]} />);
    expect(screen.getByRole("heading").textContent).toBe("Nothing recorded for this cluster");
    expect(screen.getByRole("link", { name: "Open the cluster" }).getAttribute("href")).toBe(
      "/clusters/cl%2Fodd",
    );
  });
});

describe("AuditTable", () => {
  it("links each entry's cluster to its page and to its history", () => {
    render(
      <AuditTable
        entries={[
          {
            id: "1",
            action: "terminate",
            clusterId: "cl 9",
            clusterName: "train",
            keyLabel: "prod",
            detail: null,
            actorEmail: "ada@example.com",
            at: "2026-01-01T00:00:00Z",
          },
        ]}
      />,
    );
    // The narrow cards and the wide table are both in the DOM; CSS shows one.
    for (const link of screen.getAllByRole("link", { name: "History of train" }))
      expect(link.getAttribute("href")).toBe("/settings/audit?cluster=cl%209");
    for (const link of screen.getAllByRole("link", { name: "train" }))
      expect(link.getAttribute("href")).toBe("/clusters/cl%209");
  });
});
