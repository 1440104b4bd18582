// @vitest-environment jsdom
/**
 * The cluster page and list rendered from the API's object: a failed start cost nothing and says why in plain words;
 * a terminated cluster shows its final cost (billed time × rate, never $0 because Runcrate drops `nodes_billed` to 0
 * when it ends) and no hourly rate; the tables people read are named for assistive technology, and the link rate has
 * one spelling. Formerly browser tests; the journeys that launch and end a cluster through the console stay in
 * tests/e2e/cluster-page.spec.ts.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClusterDetail } from "@/components/clusters/cluster-detail";
import { ClusterTable } from "@/components/clusters/cluster-table";
import { DEFAULT_VIEW } from "@/lib/clusters/list-view";
import { formatUsd } from "@/lib/format/money";
import { clusterQueryOptions } from "@/lib/clusters/queries";
import type { Cluster } from "@/lib/runcrate/schemas";
import { makeCluster } from "../support/fixtures";
import { clusterPermissions, type ClusterPermissions } from "@/lib/teams/permissions";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/clusters/x",
  useSearchParams: () => new URLSearchParams(),
}));

// Ended 2 h 30 min after billing began; Runcrate reports nodes_billed 0 once it has ended.
const terminated = makeCluster({
  id: "5d0c3a52-9a47-4f0e-8f3b-0c1a2b3c4d5e",
  name: "done",
  status: "terminated",
  node_count: 2,
  hourly_rate_per_node: 20,
  hourly_rate: 40,
  terminated_at: "2026-01-01T02:31:00.000Z",
  billing: { billed_since: "2026-01-01T00:01:00.000Z", nodes_billed: 0 },
});
const FINAL = 2.5 * 2 * 20;

const failed = makeCluster({
  id: "7e1d4b63-0b58-4a1f-9f4c-1d2b3c4d5e6f",
  name: "broken",
  status: "failed",
  up_at: null,
  ready_at: null,
  billing: { billed_since: null, nodes_billed: 0 },
  terminated_at: "2026-01-01T00:02:00.000Z",
  failure_reason: "node_boot_failed",
  failure_detail: "train-1 (rank 1) did not come up: kernel panic during boot",
});

function renderDetail(c: Cluster, permissions: ClusterPermissions | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(clusterQueryOptions(c.id).queryKey, c);
  return render(
    <QueryClientProvider client={client}>
      <ClusterDetail id={c.id} limits={null} permissions={permissions} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("no network in this test"))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a failed start", () => {
  it("shows its reason in plain words with the API's detail, costs $0.00, stops updating and offers no Terminate", async () => {
    renderDetail(failed);
    const card = await screen.findByTestId("failure-card");
    expect(card.textContent).toContain("This cluster failed to start");
    expect(card.textContent).toContain("One of the machines failed while booting.");
    expect(card.textContent).toContain(failed.failure_detail);
    expect(screen.getByTestId("failure-cost").textContent).toContain("Nothing was billed: $0.00");
    expect(screen.getByTestId("cost-so-far").textContent).toBe("$0.00");
    expect(screen.getByTestId("live-status").textContent).toContain("no longer updating");
    expect(screen.queryByRole("button", { name: "Terminate" })).toBeNull();
    expect(document.querySelector("[data-phase=provisioning]")?.getAttribute("data-state")).toBe("failed");
  });
});

describe("a terminated cluster", () => {
  it("shows its final cost on its page, billed until it ended", async () => {
    renderDetail(terminated);
    const billing = await screen.findByTestId("billing-card");
    expect(billing.textContent).toContain("Total cost");
    expect(screen.getByTestId("cost-so-far").textContent).toBe(formatUsd(FINAL));
    expect(screen.getByTestId("nodes-billed").textContent).toContain("until it ended");
  });

  it("in the list: no hourly rate, and its final cost", () => {
    render(
      <ClusterTable
        rows={[terminated]}
        view={DEFAULT_VIEW}
        now={Date.parse("2026-03-01T00:00:00Z")}
        onSort={vi.fn()}
      />,
    );
    const row = screen.getByRole("row", { name: /done/ });
    expect(within(row).getByTestId("row-rate").textContent).toBe("—");
    const cost = within(row).getByTestId("row-cost").textContent;
    expect(cost).toContain(formatUsd(FINAL));
    expect(cost).toContain("final");
  });
});

describe("a ready cluster", () => {
  const ready = makeCluster({
    nodes: [0, 1].map((rank) => ({
      rank,
      role: rank === 0 ? "head" : "worker",
      name: `train-${rank}`,
      status: "ready",
      stage: "ready",
    })),
  });

  it("its page and the list have named tables, and the link rate is spelled one way (Gbps, never Gbit/s)", async () => {
    renderDetail(ready);
    expect(await screen.findByRole("table", { name: "Nodes" })).toBeTruthy();
    expect(document.body.textContent).toContain("400 Gbps");
    expect(document.body.textContent).not.toMatch(/Gbit\/s/);
    render(<ClusterTable rows={[ready]} view={DEFAULT_VIEW} now={Date.now()} onSort={vi.fn()} />);
    expect(screen.getByRole("table", { name: "Clusters" })).toBeTruthy();
  });
});

describe("in a team", () => {
  const ready = makeCluster({ id: "8f2e5c74-1c69-4b2a-8a5d-2e3c4d5e6f70", name: "shared", status: "ready" });

  it("a viewer sees the cluster with no Terminate, Resize or test button, and why", async () => {
    renderDetail(ready, clusterPermissions("viewer", "colleague", "bo@example.com"));
    const note = await screen.findByTestId("permissions-note");
    expect(note.textContent).toBe(
      "Launched by bo@example.com. Viewers can see the team's clusters but take no action.",
    );
    expect(screen.queryByRole("button", { name: "Terminate" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Resize" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Start test|Run again/ })).toBeNull();
  });

  it("a member on a colleague's cluster is told only an admin can act; on their own, nothing is held back", async () => {
    const { unmount } = renderDetail(ready, clusterPermissions("member", "colleague", null));
    expect((await screen.findByTestId("permissions-note")).textContent).toBe(
      "Launched outside Clusterdeck (the API, the CLI or Runcrate's dashboard). Only an admin can terminate a colleague's cluster.",
    );
    expect(screen.queryByRole("button", { name: "Terminate" })).toBeNull();
    unmount();
    renderDetail(ready, clusterPermissions("member", "own", null));
    expect(await screen.findByRole("button", { name: "Terminate" })).toBeTruthy();
    expect(screen.queryByTestId("permissions-note")).toBeNull();
  });

  it("an admin on a colleague's cluster keeps the buttons and is told a reason is asked", async () => {
    renderDetail(ready, clusterPermissions("admin", "colleague", "bo@example.com"));
    expect((await screen.findByTestId("permissions-note")).textContent).toBe(
      "Launched by bo@example.com. As an admin you may end or resize it: say why, and its owner is told.",
    );
    expect(screen.getByRole("button", { name: "Terminate" })).toBeTruthy();
  });
});
