// @vitest-environment jsdom
/**
 * The create-cluster form's states that depend only on what it is given (the offer, the launch link's node count,
 * the balance and the volumes): the shortfall before launching, a node count replaced by the nearest one, a volume in
 * another region. Formerly browser tests; launching stays in tests/e2e/create-cluster.spec.ts.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CreateClusterForm } from "@/components/create-cluster/create-cluster-form";
import { formatUsd } from "@/lib/format/money";
import { balanceQueryOptions } from "@/lib/query/balance";
import { sshKeysQueryOptions } from "@/lib/query/ssh-keys";
import { storageQueryOptions } from "@/lib/query/storage";
import type { Offer } from "@/lib/runcrate/schemas";
import { offerFixture } from "../support/fixtures";

vi.mock("@/lib/actions/create-cluster", () => ({ launchCluster: vi.fn() }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/clusters/new",
  useSearchParams: () => new URLSearchParams(),
}));

// Helsinki (FI), 2, 4 or 8 nodes at $18 a node-hour.
const helsinki = offerFixture();
const dallas = offerFixture({ id: "h100-8x-ib-dallas", location: "Dallas", country_code: "US" });
const volumes = [{ id: "vol-1", name: "datasets", sizeGb: 500, region: "us-east-1" }];

function renderForm(o: Offer, opts: { nodes?: number | null; balance?: number } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sshKeysQueryOptions().queryKey, [{ id: "key-1", name: "laptop" }]);
  client.setQueryData(storageQueryOptions().queryKey, volumes);
  client.setQueryData(balanceQueryOptions().queryKey, { creditsBalance: opts.balance ?? 500 });
  return render(
    <QueryClientProvider client={client}>
      <CreateClusterForm
        offer={o}
        apiBaseUrl="https://api.example.test/api/v1"
        initialNodes={opts.nodes ?? null}
      />
    </QueryClientProvider>,
  );
}

const nodesSelect = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "Nodes" });
const volumeSelect = () => screen.getByRole<HTMLSelectElement>("combobox", { name: /Storage volume/ });

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("no network in this test"))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the create-cluster form's states", () => {
  it("shows the shortfall before launching when the balance cannot cover one hour", () => {
    renderForm(helsinki, { balance: 4 });
    // One hour of the smallest count, and at least $10.
    const required = Math.max(10, helsinki.hourly_rate_per_node * 2);
    expect(screen.getByTestId("shortfall").textContent).toContain(`${formatUsd(required - 4)} short`);
  });

  it("replaces a launch link's node count the offer doesn't take by the nearest one, and says so", () => {
    const { unmount } = renderForm(helsinki, { nodes: 3 });
    expect(screen.getByTestId("nodes-adjusted").textContent).toBe(
      "3 nodes isn’t offered here; 2 is the nearest count this offer takes.",
    );
    expect(nodesSelect().value).toBe("2");
    unmount();
    // An offered count needs no note.
    renderForm(helsinki, { nodes: 4 });
    expect(nodesSelect().value).toBe("4");
    expect(screen.queryByTestId("nodes-adjusted")).toBeNull();
  });

  it("marks a volume in another region than the cluster, with a hint when picked", async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm(helsinki);
    const datasets = () => [...volumeSelect().options].find((o) => o.textContent?.startsWith("datasets"))!;
    expect(datasets().textContent).toMatch(/us-east-1 \(another region\)$/);
    await user.selectOptions(volumeSelect(), datasets().value);
    expect(screen.getByTestId("volume-region").textContent).toContain("datasets is in us-east-1");
    unmount();

    // Dallas (US): the same volume is a neighbour, and nothing is said.
    renderForm(dallas);
    expect(datasets().textContent).toMatch(/us-east-1$/);
    await user.selectOptions(volumeSelect(), datasets().value);
    expect(screen.queryByTestId("volume-region")).toBeNull();
  });
});
