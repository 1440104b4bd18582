// @vitest-environment jsdom
/**
 * The offers list as a component (OffersView with its reads answered and the URL faked by nuqs' testing adapter): a
 * bad query string, the community toggle, the empty state. Formerly browser tests; the journeys through the real
 * page (URL history, reload, the server's HTML) stay in tests/e2e/offers.spec.ts.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OffersView } from "@/components/offers/offers-view";
import { balanceQueryOptions } from "@/lib/query/balance";
import { type ListNotes } from "@/lib/runcrate/listed";
import { offersQueryOptions } from "@/lib/offers/queries";
import type { Offer } from "@/lib/runcrate/schemas";
import { NO_POLICY, type TeamPolicy } from "@/lib/policies/policy";
import { communityOfferFixture, offerFixture, WHOLE_LIST, whole } from "../support/fixtures";

const datacenter = [
  offerFixture(),
  offerFixture({ id: "a100-4x-roce-frankfurt", gpu_type: "A100 80GB", gpus_per_node: 4, volume: false }),
];
const community = communityOfferFixture();

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/offers",
  useSearchParams: () => new URLSearchParams(),
}));

/**
 * Renders the list with its reads answered: `offers` (the datacenter two unless told), or, with `offers: "fetch"`,
 * nothing preloaded, so the list is read through the stubbed `fetch`.
 */
function renderView(
  search: string,
  lists: { offers?: Offer[] | "fetch"; notes?: ListNotes; balance?: number; policy?: TeamPolicy } = {},
) {
  const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (lists.offers !== "fetch") {
    const notes = lists.notes ?? WHOLE_LIST;
    client.setQueryData(offersQueryOptions(false).queryKey, { items: lists.offers ?? datacenter, notes });
    client.setQueryData(offersQueryOptions(true).queryKey, {
      items: lists.offers ?? [...datacenter, community],
      notes: WHOLE_LIST,
    });
  }
  client.setQueryData(balanceQueryOptions().queryKey, { creditsBalance: lists.balance ?? 500 });
  render(
    <QueryClientProvider client={client}>
      <NuqsTestingAdapter searchParams={search} onUrlUpdate={onUrlUpdate} hasMemory>
        <OffersView policy={lists.policy ?? null} />
      </NuqsTestingAdapter>
    </QueryClientProvider>,
  );
  return { onUrlUpdate, lastQuery: () => onUrlUpdate.mock.calls.at(-1)?.[0].queryString };
}

const rowIds = () =>
  [...document.querySelectorAll("tr[data-offer-id]")].map((r) => r.getAttribute("data-offer-id"));

beforeEach(() => {
  // A wide screen: the table, not the cards.
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("no network in this test"))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the offers list", () => {
  it("ignores a bad query string with a visible notice, never a crash", () => {
    renderView("?nodes=banana&sort=cheapest&max_gpu_hr=-3&volume=perhaps");
    expect(
      screen.getAllByRole("status").some((s) => s.textContent?.includes("Ignored node count “banana”")),
    ).toBe(true);
    expect(screen.getByText(/Ignored sort “cheapest”/)).toBeTruthy();
    expect(rowIds().length).toBeGreaterThan(0);
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Nodes" }).value).toBe("any");
  });

  it("hides community offers until the toggle is on, then marks them clearly", async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderView("");
    expect(rowIds()).toEqual(datacenter.map((o) => o.id));
    await user.click(screen.getByRole("switch", { name: "Include community hosts" }));
    await waitFor(() => expect(lastQuery()).toMatch(/community=1/));
    await waitFor(() => expect(rowIds()).toHaveLength(datacenter.length + 1));
    const row = document.querySelector<HTMLElement>(`tr[data-offer-id="${community.id}"]`)!;
    expect(within(row).getByText("Community", { exact: true })).toBeTruthy();
  });

  it("shows an empty state when nothing matches, whose button clears the filters", async () => {
    const user = userEvent.setup();
    const { onUrlUpdate, lastQuery } = renderView("?q=no-such-gpu-anywhere&volume=1");
    expect(await screen.findByText("No offers match these filters")).toBeTruthy();
    expect(rowIds()).toEqual([]);
    const clear = screen.getAllByRole("button", { name: "Clear filters" });
    await user.click(clear[clear.length - 1]!);
    await waitFor(() => expect(rowIds().length).toBeGreaterThan(0));
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalled());
    expect(lastQuery()).not.toMatch(/q=|volume=/);
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search offers" }).value).toBe("");
  });

  it("when no offer could be read, says so and names the field, never 'no offers right now'", async () => {
    renderView("", { offers: [], notes: { unreadable: 212, incomplete: false, fields: ["offer_id"] } });
    const alert = await screen.findByTestId("offers-unreadable");
    expect(alert.textContent).toContain(
      "Runcrate sent 212 offers, and Clusterdeck could not read any of them",
    );
    expect(alert.textContent).toContain("(on offer_id)");
    expect(screen.queryByText("No cluster offers right now")).toBeNull();
    // Said once, in the list's place: no second line above it.
    expect(screen.queryByTestId("list-notes")).toBeNull();
  });

  it("when some offers could not be read, the rest are listed under a line naming the field", async () => {
    renderView("", { notes: { unreadable: 3, incomplete: false, fields: ["gpu_type"] } });
    expect((await screen.findByTestId("list-notes")).textContent).toContain(
      "3 offers could not be read (on gpu_type) and are not shown.",
    );
    expect(rowIds().length).toBe(2);
  });

  it("when Runcrate ignored paging, lists what came once each under a line saying some may be missing", async () => {
    renderView("", { notes: { unreadable: 0, incomplete: true, fields: [] } });
    expect((await screen.findByTestId("list-notes")).textContent).toContain(
      "Runcrate did not page this list as expected, so some offers may be missing.",
    );
    expect(rowIds()).toEqual(datacenter.map((o) => o.id));
  });

  it("an empty list with nothing left out is 'no offers right now'", async () => {
    renderView("", { offers: [], notes: { unreadable: 0, incomplete: false, fields: [] } });
    expect(await screen.findByText("No cluster offers right now")).toBeTruthy();
    expect(screen.queryByTestId("offers-unreadable")).toBeNull();
  });

  it("shows stock and the machine where Runcrate gives them, and marks too few free for the count chosen", async () => {
    const stocked = offerFixture({
      nodes_available: 3,
      node: { vcpus: 192, memory_gb: 1920, storage_gb: 7680, vram_gb: 80 },
    });
    const unknown = offerFixture({ id: "a100-unknown-stock", gpu_type: "A100 80GB", nodes_available: null });
    renderView("?nodes=4", { offers: [stocked, unknown] });
    const row = await screen.findByRole("row", { name: new RegExp(stocked.gpu_type) });
    expect(within(row).getByTestId("offer-stock").textContent).toBe("Only 3 free");
    expect(within(row).getByTestId("offer-machine").textContent).toBe("192 vCPU · 1.9 TB RAM · 7.7 TB disk");
    expect(within(row).getByText("8 GPUs × 80 GB / node")).toBeTruthy();
    const other = document.querySelector('tr[data-offer-id="a100-unknown-stock"]') as HTMLElement;
    expect(within(other).getByTestId("offer-stock").textContent).toBe("Stock: only a launch can tell");
  });
});

describe("the team's policy in the list", () => {
  it("marks the offers it would refuse, with why, and keeps them listed; the rest are unmarked", () => {
    renderView("", { policy: { ...NO_POLICY, gpuTypes: ["A100 80GB"] } });
    const marks = screen.getAllByTestId("outside-policy");
    expect(marks.length).toBeGreaterThan(0);
    const gpu = datacenter[0]!.gpu_type;
    for (const m of marks) {
      expect(m.closest("[data-offer-id]")?.getAttribute("data-offer-id")).toBe(datacenter[0]!.id);
      expect(m.textContent).toContain(`The team's policy allows A100 80GB; this offer is ${gpu}.`);
    }
    expect(rowIds()).toContain(datacenter[1]!.id);
  });

  it("no policy: no marks", () => {
    renderView("");
    expect(screen.queryAllByTestId("outside-policy")).toEqual([]);
  });
});

describe("sorting and node counts", () => {
  // Rates, interconnects and node counts chosen so every order below has one clear first row.
  const priced = [
    offerFixture(),
    offerFixture({
      id: "a100-4x-roce-frankfurt",
      gpu_type: "A100 80GB",
      hourly_rate_per_node: 9,
      interconnect: { kind: "roce", label: "RoCE", rate_gbps: 400 },
      min_nodes: 1,
      max_nodes: 16,
      allowed_node_counts: null,
    }),
    offerFixture({
      id: "h200-8x-ib-oslo",
      gpu_type: "H200",
      hourly_rate_per_node: 30,
      interconnect: { kind: "infiniband", label: "NDR", rate_gbps: 1600 },
      min_nodes: 3,
      max_nodes: 6,
      allowed_node_counts: null,
    }),
  ];

  it("sorts by node-hour from the URL, and a column header sorts by interconnect rate, marked ascending", async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderView("?sort=node_hour&dir=desc", { offers: priced });
    expect(rowIds()[0]).toBe("h200-8x-ib-oslo");
    await user.click(within(screen.getByRole("table")).getByRole("button", { name: "Interconnect" }));
    await waitFor(() => expect(lastQuery()).toMatch(/sort=interconnect/));
    await waitFor(() => expect(rowIds()[0]).toBe("a100-4x-roce-frankfurt"));
    expect(screen.getByRole("columnheader", { name: "Interconnect" }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
    // A second click on the same header turns the order round.
    await user.click(within(screen.getByRole("table")).getByRole("button", { name: "Interconnect" }));
    await waitFor(() => expect(rowIds()[0]).toBe("h100-8x-ib-helsinki"));
    expect(lastQuery()).toMatch(/dir=desc/);
  });

  it("a node count lists only the offers that take it with their totals and shortfalls; switched off, marks the rest", async () => {
    const user = userEvent.setup();
    // 3 nodes: the H100 takes only 2, 4 or 8; the other two take 3.
    const { lastQuery } = renderView("?nodes=3", { offers: priced, balance: 12 });
    expect(rowIds()).toEqual(["a100-4x-roce-frankfurt", "h200-8x-ib-oslo"]);
    expect(document.querySelectorAll('tr[data-takes="no"]')).toHaveLength(0);
    const hide = screen.getByRole("switch", { name: "Hide offers that cannot take 3 nodes" });
    expect(hide.getAttribute("aria-checked")).toBe("true");
    // $9 × 3 = $27/h against a $12 balance: short $15.00.
    const row = document.querySelector<HTMLElement>('tr[data-offer-id="a100-4x-roce-frankfurt"]')!;
    expect(row.textContent).toContain("$27.00/h");
    expect(row.textContent).toContain("Short $15.00");

    await user.click(hide);
    await waitFor(() => expect(lastQuery()).toMatch(/fits=0/));
    await waitFor(() => expect(document.querySelectorAll('tr[data-takes="no"]')).toHaveLength(1));
    expect(document.querySelector('tr[data-offer-id="h100-8x-ib-helsinki"]')!.textContent).toContain(
      "Not 3 nodes",
    );
  });
});

describe("an outage", () => {
  it("shows the error state with the reason, and Retry reads the list again", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<(input: string) => Promise<Response>>(() =>
      Promise.resolve(
        Response.json(
          { error: { code: "upstream_unavailable", message: "Runcrate is not answering right now." } },
          { status: 503 },
        ),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderView("", { offers: "fetch" });
    expect(await screen.findByText("Couldn’t load offers")).toBeTruthy();
    expect(screen.getByText(/Runcrate is not answering right now/)).toBeTruthy();
    expect(rowIds()).toEqual([]);

    fetchMock.mockImplementation(() => Promise.resolve(Response.json({ data: whole(datacenter) })));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(rowIds()).toEqual(datacenter.map((o) => o.id)));
    expect(screen.queryByText("Couldn’t load offers")).toBeNull();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe("/api/offers");
  });
});
