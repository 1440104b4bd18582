// @vitest-environment jsdom
import { whole } from "@/tests/support/fixtures";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const { CommandPalette } = await import("@/components/shell/command-palette");

type Answer = { resolve: (data: unknown) => void };
let pending: Map<string, Answer>;

/** fetch answers each API path when the test says so, in the route handlers' `{data}` envelope. */
function holdFetches() {
  pending = new Map();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (path: string) =>
        new Promise<Response>((resolve) => {
          pending.set(path, {
            resolve: (data) =>
              resolve(
                new Response(JSON.stringify({ data }), { headers: { "content-type": "application/json" } }),
              ),
          });
        }),
    ),
  );
}

const cluster = (id: string, name: string) => ({ id, name, status: "running", gpu_type: "H100" });

const onNavigate = vi.fn<(href: string) => void>();

function renderPalette() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CommandPalette
        open
        onOpenChange={() => {}}
        pathname="/offers"
        announce={() => {}}
        onNavigate={onNavigate}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  push.mockReset();
  onNavigate.mockReset();
  // jsdom has neither; cmdk scrolls the highlighted item into view and measures its list.
  Object.defineProperty(Element.prototype, "scrollIntoView", { value: () => {}, configurable: true });
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  holdFetches();
});
afterEach(() => vi.unstubAllGlobals());

/** Answers the held request whose path starts with `path`. */
async function answer(path: string, data: unknown) {
  const held = () => [...pending.keys()].find((p) => p === path || p.startsWith(`${path}?`));
  await vi.waitFor(() => expect(held()).toBeDefined());
  await act(async () => pending.get(held()!)!.resolve(data));
}

/** Answers a held list request: the items, with nothing left out. */
const answerList = (path: string, items: unknown[]) => answer(path, whole(items));

describe("command palette", () => {
  it("Enter takes a cluster typed before the list arrived, not the fallback that was first until then", async () => {
    const user = userEvent.setup();
    renderPalette();
    await user.type(screen.getByRole("combobox"), "beta-7");
    // Only the fallback matches so far, and it is highlighted.
    expect(screen.getByRole("option", { name: /Search offers for/ }).getAttribute("aria-selected")).toBe(
      "true",
    );

    await answerList("/api/clusters", [cluster("c1", "alpha-7"), cluster("c2", "beta-7")]);
    await answerList("/api/offers", [{ gpu_type: "H100" }, { gpu_type: "A100" }]);
    const beta = await screen.findByRole("option", { name: /^beta-7/ });
    await vi.waitFor(() => expect(beta.getAttribute("aria-selected")).toBe("true"));
    // Only what the text names, and the fallback: no other cluster, no GPU.
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^beta-7/),
      "Search offers for “beta-7”",
    ]);
    expect(screen.queryByText("Nothing matches.")).toBeNull();

    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(push).toHaveBeenCalledWith("/clusters/c2"));
    expect(push).toHaveBeenCalledTimes(1);
    // The opener takes the palette down at once, and nothing typed next goes into its input.
    expect(onNavigate).toHaveBeenCalledWith("/clusters/c2");
    expect(document.activeElement).not.toBe(screen.getByRole("combobox"));
  });

  it("a page named by the text wins over the fallback, with the lists loaded or not", async () => {
    const user = userEvent.setup();
    renderPalette();
    await user.type(screen.getByRole("combobox"), "audit log");
    expect(screen.getByRole("option", { name: /Audit log/ }).getAttribute("aria-selected")).toBe("true");
    await answerList("/api/clusters", [cluster("c1", "alpha-7")]);
    await answerList("/api/offers", []);
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(push).toHaveBeenCalledWith("/settings/audit"));
  });

  it("a text that names nothing says so, and still offers the offers search", async () => {
    const user = userEvent.setup();
    renderPalette();
    await answerList("/api/clusters", [cluster("c1", "alpha-7")]);
    await answerList("/api/offers", [{ gpu_type: "H100" }]);
    await user.type(screen.getByRole("combobox"), "zzqx");
    expect(screen.getByText("Nothing matches.")).toBeDefined();
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Search offers for “zzqx”"]);
    await user.clear(screen.getByRole("combobox"));
    expect(screen.queryByText("Nothing matches.")).toBeNull();
  });

  it("a GPU's offers show when the text names the GPU, above the fallback", async () => {
    const user = userEvent.setup();
    renderPalette();
    await answerList("/api/clusters", []);
    await answerList("/api/offers", [{ gpu_type: "H100" }, { gpu_type: "A100" }]);
    await user.type(screen.getByRole("combobox"), "h100");
    await vi.waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
        "H100 offers",
        "Search offers for “h100”",
      ]),
    );
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(push).toHaveBeenCalledWith("/offers?gpu=H100"));
  });

  const named = [
    cluster("3fa9c1d2-77", "power-3fa9c1"),
    cluster("c2", "power-3fa9c1-old"),
    cluster("c3", "h100-run"),
    cluster("c4", "offers-test"),
    cluster("c5", "audit-log"),
    cluster("c6", "settings"),
    cluster("c7", "a100"),
  ];
  const gpuOffers = [{ gpu_type: "H100" }, { gpu_type: "A100" }];
  it.each(named.flatMap((c) => [[c.name, "before"] as const, [c.name, "after"] as const]))(
    "typing a cluster's whole name (%s) highlights that cluster, the lists arriving %s the typing",
    async (name, when) => {
      const user = userEvent.setup();
      renderPalette();
      const lists = async () => {
        await answerList("/api/clusters", named);
        await answerList("/api/offers", gpuOffers);
      };
      if (when === "before") {
        await lists();
        await screen.findByRole("option", { name: /^power-3fa9c1-old/ });
      }
      await user.type(screen.getByRole("combobox"), name);
      if (when === "after") await lists();
      const option = await screen.findByRole("option", { name: new RegExp(`^${name}running`) });
      await vi.waitFor(() => expect(option.getAttribute("aria-selected")).toBe("true"));
      expect(screen.getAllByRole("option", { selected: true })).toEqual([option]);

      await user.keyboard("{Enter}");
      const id = named.find((c) => c.name === name)!.id;
      await vi.waitFor(() => expect(push).toHaveBeenCalledWith(`/clusters/${id}`));
    },
  );
});
