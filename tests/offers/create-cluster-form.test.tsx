// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CreateClusterForm } from "@/components/launch/create-cluster-form";
import { balanceQueryOptions } from "@/lib/query/balance";
import { sshKeysQueryOptions } from "@/lib/launch/queries";
import { storageQueryOptions } from "@/lib/launch/queries";
import type { Offer } from "@/lib/runcrate/schemas";
import { communityOfferFixture, offerFixture, whole } from "../support/fixtures";

const { launchCluster, push, addSshKey } = vi.hoisted(() => ({
  launchCluster: vi.fn(),
  push: vi.fn(),
  addSshKey: vi.fn(),
}));
vi.mock("@/lib/launch/actions", () => ({ launchCluster, addSshKey }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/clusters/new",
  useSearchParams: () => new URLSearchParams("offer=h100-8x-ib-helsinki&nodes=4"),
}));

const offer = offerFixture();
const communityOffer = communityOfferFixture();

/** The form with its reads already answered (keys, volumes, balance) and the launch action faked. */
function renderForm(
  o: Offer = offer,
  initialNodes: number | null = null,
  ceilingMinutes: number | null = null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sshKeysQueryOptions().queryKey, whole([{ id: "key-1", name: "laptop" }]));
  client.setQueryData(
    storageQueryOptions().queryKey,
    whole([{ id: "vol-1", name: "datasets", sizeGb: 500 }]),
  );
  client.setQueryData(balanceQueryOptions().queryKey, { creditsBalance: 500 });
  return render(
    <QueryClientProvider client={client}>
      <CreateClusterForm
        offer={o}
        apiBaseUrl="https://api.example.test/api/v1"
        initialNodes={initialNodes}
        ceilingMinutes={ceilingMinutes}
      />
    </QueryClientProvider>,
  );
}

const nameBox = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Name" });
const nodesSelect = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "Nodes" });
// The summary's button (jsdom applies no CSS, so the small screens' launch bar, also "Launching…", is in the tree too).
const launchButton = () =>
  within(screen.getByRole("region", { name: "Summary" })).getByRole("button", {
    name: /^(Launch cluster|Launching…)$/,
  });

beforeEach(() => {
  sessionStorage.clear();
  launchCluster.mockReset();
  push.mockReset();
  // Every read is answered from the cache; a request would mean a query the test did not expect.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("no network in this test"))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the create-cluster form", () => {
  it("offers only the node counts and stacks the offer takes, prefilled from ?nodes when it takes that count", () => {
    const { unmount } = renderForm(offer, 4);
    expect([...nodesSelect().options].map((o) => o.textContent)).toEqual([
      "2 nodes · 16 GPUs",
      "4 nodes · 32 GPUs",
      "8 nodes · 64 GPUs",
    ]);
    expect(nodesSelect().value).toBe("4");
    // "lsf" is listed by the offer but not a stack Clusterdeck can launch.
    expect(screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      expect.stringMatching(/^None/),
      expect.stringMatching(/^Slurm/),
    ]);
    unmount();
    // The first form's draft would be restored over the link's count: a fresh visit has none.
    sessionStorage.clear();
    renderForm(offer, 3);
    expect(nodesSelect().value).toBe("2");
  });

  it("refuses a bad name at the field and sends nothing", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(launchButton());
    // The first validation loads the schema (a dynamic import), which takes a moment on a busy machine.
    expect(await screen.findByText("Give the cluster a name.", undefined, { timeout: 10_000 })).toBeTruthy();
    await user.type(nameBox(), "bad_name");
    expect(await screen.findByText(/Only letters, digits and hyphens/)).toBeTruthy();
    await user.clear(nameBox());
    await user.type(nameBox(), "-x");
    expect(await screen.findByText("Start with a letter or digit.")).toBeTruthy();
    await user.click(launchButton());
    expect(launchCluster).not.toHaveBeenCalled();
  });

  it("checks the limits as the launch action does: refused at the field, then sent beside the cluster's values", async () => {
    launchCluster.mockResolvedValue({ ok: true, data: { id: "c-1", guarded: true } });
    const user = userEvent.setup();
    renderForm(offer, null, 240);
    await user.type(nameBox(), "train");
    await user.click(launchButton());
    // The operator's ceiling makes a time limit required.
    expect(
      await screen.findByText("A time limit is required here, at most 4 h.", undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    const time = screen.getByRole<HTMLInputElement>("textbox", { name: "Time limit" });
    await waitFor(() => expect(document.activeElement).toBe(time));
    await user.type(time, "5 h");
    expect(await screen.findByText("At most 4 h here (set by the operator).")).toBeTruthy();
    // A limit typed but refused is not "no limits".
    expect(screen.getByTestId("limits-summary").textContent).toBe(
      "When a limit above can be read, this says when it would end the cluster.",
    );
    await user.type(screen.getByRole("textbox", { name: "Budget limit" }), "nope");
    await user.click(launchButton());
    expect(await screen.findByText('Write an amount in dollars, such as "50" or "120.50".')).toBeTruthy();
    expect(launchCluster).not.toHaveBeenCalled();

    await user.clear(time);
    await user.type(time, "2 h");
    await user.clear(screen.getByRole("textbox", { name: "Budget limit" }));
    await user.type(screen.getByRole("textbox", { name: "Budget limit" }), "40");
    await user.click(launchButton());
    await waitFor(() => expect(launchCluster).toHaveBeenCalledTimes(1));
    const sent = launchCluster.mock.calls[0]![0] as { values: object; limits: object };
    expect(sent.limits).toEqual({ timeLimit: "2 h", budgetLimit: "40" });
    // The cluster's values are the POST body's source: the limits are not among them.
    expect(sent.values).not.toHaveProperty("limits");
  });

  it("on a community offer, hides storage with the reason and says it sends include_community", () => {
    renderForm(communityOffer);
    expect(screen.getByTestId("storage-reason").textContent).toBe(
      "Community hosts cannot take a storage volume.",
    );
    expect(screen.getByTestId("community-note").textContent).toContain("include_community: true");
    expect(screen.queryByRole("combobox", { name: /Storage volume/ })).toBeNull();
  });

  it("keeps the draft: what was typed is back after the page is opened again", async () => {
    const user = userEvent.setup();
    const first = renderForm();
    await user.type(nameBox(), "keep-me");
    await user.selectOptions(nodesSelect(), "4");
    await user.click(screen.getByRole("radio", { name: /^Slurm/ }));
    await user.type(screen.getByRole("textbox", { name: "Time limit" }), "3 h");
    await waitFor(() =>
      expect(
        JSON.parse(sessionStorage.getItem(`clusterdeck:create-draft:${offer.id}`) ?? "{}"),
      ).toMatchObject({
        values: { name: "keep-me", node_count: 4, stack: "slurm", limits: { timeLimit: "3 h" } },
      }),
    );
    first.unmount();

    renderForm();
    await waitFor(() => expect(nameBox().value).toBe("keep-me"));
    expect(nodesSelect().value).toBe("4");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Time limit" }).value).toBe("3 h");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /^Slurm/ }).checked).toBe(true);
    // Another offer's form does not pick it up.
    expect(sessionStorage.getItem(`clusterdeck:create-draft:${communityOffer.id}`)).toBeNull();
  });

  it("a double click on Launch calls the action once, then goes to the new cluster", async () => {
    let answer: (r: unknown) => void = () => {};
    launchCluster.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderForm();
    await user.type(nameBox(), "train");
    await user.dblClick(launchButton());
    await waitFor(() => expect(launchCluster).toHaveBeenCalled());
    await user.click(launchButton());
    expect(launchCluster).toHaveBeenCalledTimes(1);
    expect(launchCluster).toHaveBeenCalledWith({
      offerId: offer.id,
      values: expect.objectContaining({ name: "train", node_count: 2, stack: "none" }),
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // No limits typed: the guardian gets none.
      limits: { timeLimit: "", budgetLimit: "" },
      // The price the form showed: a launch at another is refused.
      seen: { hourlyRatePerNode: offer.hourly_rate_per_node },
    });

    answer({ ok: true, data: { id: "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60" } });
    await waitFor(() => expect(push).toHaveBeenCalledWith("/clusters/0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60"));
    expect(launchCluster).toHaveBeenCalledTimes(1);
  });
  it("adding a public key inside a ready form adds the key and launches nothing", async () => {
    addSshKey.mockResolvedValue({ ok: true, data: { id: "key-2", name: "desk" } });
    const user = userEvent.setup();
    renderForm();
    // A name that passes: a button that submitted the create form would now launch a cluster.
    await user.type(nameBox(), "train");
    await user.click(screen.getByRole("button", { name: "Add a public key" }));
    // The inline form is loaded on first use.
    await user.type(await screen.findByRole("textbox", { name: "Key name" }), "desk");
    await user.type(
      screen.getByRole("textbox", { name: "Public key" }),
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHh0dGVzdGtleWZvcmUyZXRlc3RzMDEyMzQ1Njc4OQ me@desk",
    );
    await user.click(screen.getByRole("button", { name: "Add key" }));
    await waitFor(() => expect(addSshKey).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Key name" })).toBeNull());
    await user.click(screen.getByRole("button", { name: "Add a public key" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(launchCluster).not.toHaveBeenCalled();
  });
  it("the small screens' launch bar submits the same form: one launch between it and the summary's button", async () => {
    let answer: (r: unknown) => void = () => {};
    launchCluster.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderForm();
    const barLaunch = () => within(screen.getByTestId("launch-bar")).getByRole("button");
    // Empty name: the bar's Launch runs the form's validation and launches nothing.
    await user.click(barLaunch());
    await waitFor(() => expect(nameBox().getAttribute("aria-invalid")).toBe("true"));
    expect(launchCluster).not.toHaveBeenCalled();
    await user.type(nameBox(), "train");
    await user.dblClick(barLaunch());
    await waitFor(() => expect(launchCluster).toHaveBeenCalled());
    await user.click(launchButton());
    expect((barLaunch() as HTMLButtonElement).disabled).toBe(true);
    expect(launchCluster).toHaveBeenCalledTimes(1);
    expect(launchCluster).toHaveBeenCalledWith(
      expect.objectContaining({ offerId: offer.id, values: expect.objectContaining({ name: "train" }) }),
    );
    answer({ ok: true, data: { id: "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60" } });
    await waitFor(() => expect(push).toHaveBeenCalledWith("/clusters/0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60"));
  });

  it("an expired session says so, keeps what was typed, and signs in back to this same form", async () => {
    launchCluster.mockResolvedValue({ ok: false, kind: "unauthenticated", error: "Your session has ended." });
    const user = userEvent.setup();
    renderForm();
    await user.type(nameBox(), "train");
    await user.click(launchButton());
    const alert = await screen.findByTestId("launch-problem");
    expect(alert.textContent).toContain("Your session has ended.");
    expect(within(alert).getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe(
      `/sign-in?callbackUrl=${encodeURIComponent("/clusters/new?offer=h100-8x-ib-helsinki&nodes=4")}`,
    );
    expect(nameBox().value).toBe("train");
  });
});
