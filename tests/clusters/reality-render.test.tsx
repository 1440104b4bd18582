// @vitest-environment jsdom
/** Tolerant reading on the cluster page's small parts: what a person reads for the API's other vocabularies. */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FailureWarning } from "@/components/clusters/failure-warning";
import { NodesTable } from "@/components/clusters/nodes-table";
import type { Cluster } from "@/lib/runcrate/schemas";
import { cluster as clusterBody } from "@/tests/support/runcrate-bodies";

const node = (rank: number, status: string) => ({
  rank,
  role: rank === 0 ? "head" : "worker",
  name: `train-${rank}`,
  status,
  stage: "ready",
});

describe("nodes up", () => {
  it("reads `active` machines of a ready cluster as 2 of 2 up, with no spinner", () => {
    const c = {
      ...clusterBody({ status: "ready" }),
      nodes: [node(0, "active"), node(1, "active")],
    } as Cluster;
    render(<NodesTable cluster={c} />);
    expect(screen.getByText(/2 of 2 up/)).toBeTruthy();
    expect(document.querySelectorAll("[data-in-progress]")).toHaveLength(0);
  });

  it("still counts a failed machine of a ready cluster as not up", () => {
    const c = {
      ...clusterBody({ status: "ready" }),
      nodes: [node(0, "active"), node(1, "failed")],
    } as Cluster;
    render(<NodesTable cluster={c} />);
    expect(screen.getByText(/1 of 2 up/)).toBeTruthy();
  });
});

describe("failure_reason on a live cluster", () => {
  it("is a warning that says the cluster is still up and billed, not that Runcrate stopped it", () => {
    const c = clusterBody({
      status: "ready",
      failure_reason: "node_degraded",
      failure_detail: "train-2 (rank 2) is degraded",
    }) as Cluster;
    render(<FailureWarning cluster={c} />);
    const box = screen.getByTestId("failure-warning");
    expect(box.getAttribute("role")).toBe("status");
    expect(box.textContent).toMatch(/still ready and billed/);
    expect(box.textContent).not.toMatch(/stopped this cluster/);
  });
});
