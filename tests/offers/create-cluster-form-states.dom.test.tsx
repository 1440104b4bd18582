// @vitest-environment jsdom
/**
 * The create-cluster form's states that depend only on what it is given (the offer, the launch link's node count,
 * the balance and the volumes): the shortfall before launching, a node count replaced by the nearest one, a volume in
 * another region. Formerly browser tests; launching stays in tests/e2e/create-cluster.spec.ts.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CreateClusterForm } from "@/components/launch/create-cluster-form";
import { launchCluster } from "@/lib/launch/actions";
import { addSshKey } from "@/lib/launch/actions";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { formatUsd } from "@/lib/format/money";
import { balanceQueryOptions } from "@/lib/query/balance";
import { sshKeysQueryOptions } from "@/lib/launch/queries";
import { storageQueryOptions } from "@/lib/launch/queries";
import type { Cluster, Offer } from "@/lib/runcrate/schemas";
import { makeCluster, offerFixture, whole } from "../support/fixtures";

vi.mock("@/lib/launch/actions", () => ({ launchCluster: vi.fn(), addSshKey: vi.fn() }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/clusters/new",
  useSearchParams: () => new URLSearchParams(),
}));

// Helsinki (FI), 2, 4 or 8 nodes at $18 a node-hour.
const helsinki = offerFixture();
const dallas = offerFixture({ id: "h100-8x-ib-dallas", location: "Dallas", country_code: "US" });
const volumes = [{ id: "vol-1", name: "datasets", sizeGb: 500, region: "us-east-1" }];

function renderForm(o: Offer, opts: { nodes?: number | null; balance?: number; clusters?: Cluster[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(clustersQueryOptions().queryKey, whole(opts.clusters ?? []));
  client.setQueryData(sshKeysQueryOptions().queryKey, whole([{ id: "key-1", name: "laptop" }]));
  client.setQueryData(storageQueryOptions().queryKey, whole(volumes));
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

describe("adding a public key inline", () => {
  const VALID_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHh0dGVzdGtleWZvcmUyZXRlc3RzMDEyMzQ1Njc4OQ e2e@host";

  it("checks the key's format before sending, then adds it, selects it and gives focus back", async () => {
    const user = userEvent.setup();
    const add = vi.mocked(addSshKey);
    add.mockResolvedValue({
      ok: true,
      data: { id: "key-2", name: "e2e-key", fingerprint: null, type: null },
    });
    // After the add, the list is read again and has the new key.
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          Response.json({
            data: whole([
              { id: "key-1", name: "laptop" },
              { id: "key-2", name: "e2e-key" },
            ]),
          }),
        ),
      ),
    );
    renderForm(helsinki);
    await user.click(screen.getByRole("button", { name: "Add a public key" }));
    // The button goes away as the inline form opens: focus moves into the form, and back when it closes.
    const name = await screen.findByRole("textbox", { name: "Key name" });
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.type(name, "e2e-key");
    await user.type(screen.getByRole("textbox", { name: "Public key" }), "not a key");
    await user.click(screen.getByRole("button", { name: "Add key" }));
    expect(await screen.findByText(/Paste an OpenSSH public key/)).toBeTruthy();
    expect(add).not.toHaveBeenCalled();

    await user.clear(screen.getByRole("textbox", { name: "Public key" }));
    await user.type(screen.getByRole("textbox", { name: "Public key" }), VALID_KEY);
    await user.click(screen.getByRole("button", { name: "Add key" }));
    await waitFor(() => expect(add).toHaveBeenCalledWith({ name: "e2e-key", public_key: VALID_KEY }));
    const added = await screen.findByRole("checkbox", { name: /e2e-key/ });
    await waitFor(() => expect(added.getAttribute("aria-checked")).toBe("true"));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add a public key" })),
    );
  });
});

describe("a name an active cluster already has", () => {
  it("is warned about, and can still be launched on purpose", async () => {
    const user = userEvent.setup();
    const launch = vi.mocked(launchCluster);
    // Never answers: the launch is only sent, which is what this test is about.
    launch.mockReturnValue(new Promise(() => {}));
    renderForm(helsinki, {
      clusters: [
        makeCluster({ name: "train", status: "running" }),
        makeCluster({ id: "c2", name: "old", status: "terminated" }),
      ],
    });
    const name = screen.getByRole("textbox", { name: "Name" });
    await user.type(name, "train-other");
    expect(screen.queryByTestId("name-in-use")).toBeNull();
    await user.clear(name);
    await user.type(name, "train");
    expect((await screen.findByTestId("name-in-use")).textContent).toContain(
      "An active cluster is already called “train” (running)",
    );
    // A terminated cluster's name is free again.
    await user.clear(name);
    await user.type(name, "old");
    await waitFor(() => expect(screen.queryByTestId("name-in-use")).toBeNull());

    await user.clear(name);
    await user.type(name, "train");
    await user.click(screen.getByRole("button", { name: "Launch cluster" }));
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    expect(launch.mock.calls[0]![0]).toMatchObject({ offerId: helsinki.id, values: { name: "train" } });
  });
});
