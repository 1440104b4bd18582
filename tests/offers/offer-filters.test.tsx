// @vitest-environment jsdom
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NuqsTestingAdapter, withNuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { OffersSearch } from "@/components/offers/offers-search";
import { SEARCH_URL_DELAY_MS, useOfferFilters } from "@/components/offers/use-offer-filters";

/** The hook in a page whose URL starts as `search`; every URL write lands in the returned spy. */
function renderFilters(search = "") {
  const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
  const hook = renderHook(() => useOfferFilters(), {
    wrapper: withNuqsTestingAdapter({ searchParams: search, onUrlUpdate, hasMemory: true }),
  });
  return { ...hook, onUrlUpdate };
}

const lastUrl = (spy: { mock: { calls: [UrlUpdateEvent][] } }) => spy.mock.calls.at(-1)?.[0];

/** The search box as the offers page uses it, with the filters' state. */
function SearchHarness() {
  const { q, setSearch } = useOfferFilters();
  return <OffersSearch value={q} onSearch={setSearch} />;
}

describe("offer filters in the URL (useOfferFilters)", () => {
  it("reads the filters from the URL, a tier of community turning community offers on", () => {
    const { result } = renderFilters("?nodes=4&volume=1&tier=community&sort=node_hour&q=h100");
    expect(result.current.choices).toMatchObject({
      nodes: 4,
      vol: true,
      tier: "community",
      community: true,
      sort: "node_hour",
      dir: "asc",
    });
    expect(result.current.q).toBe("h100");
    expect(result.current.notices).toEqual([]);
  });

  it("ignores a bad value with a notice, and the first change drops it from the URL and the notices", async () => {
    const { result, onUrlUpdate } = renderFilters("?nodes=banana&volume=1&sort=cheapest");
    expect(result.current.choices).toMatchObject({ nodes: null, vol: true, sort: "gpu_hour" });
    expect(result.current.notices).toEqual([
      "Ignored node count “banana”: a cluster has 2 to 64 nodes.",
      "Ignored sort “cheapest”: expected gpu_hour or node_hour or interconnect or gpus.",
    ]);

    act(() => result.current.setFilters({ fits: false }));
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(1));
    expect(lastUrl(onUrlUpdate)?.queryString).toBe("?volume=1&fits=0");
    expect(result.current.notices).toEqual([]);
  });

  it("a choice pushes one history entry, shallowly and without scrolling; defaults stay out of the URL", async () => {
    const { result, onUrlUpdate } = renderFilters("?dir=desc");
    act(() => result.current.setFilters({ nodes: 8, dir: "asc" }));
    // The state changes at once, before the URL.
    expect(result.current.choices).toMatchObject({ nodes: 8, dir: "asc" });
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(1));
    expect(lastUrl(onUrlUpdate)).toMatchObject({
      queryString: "?nodes=8",
      options: { history: "push", shallow: true, scroll: false },
    });
  });

  it("a patch function sees the current choices (sorting by the same column flips it)", async () => {
    const { result, onUrlUpdate } = renderFilters("?sort=interconnect");
    const flip = (f: { sort: string; dir: string }) => ({ dir: f.dir === "asc" ? "desc" : "asc" }) as const;
    act(() => result.current.setFilters(flip));
    await waitFor(() => expect(lastUrl(onUrlUpdate)?.queryString).toBe("?sort=interconnect&dir=desc"));
  });

  it("typing updates the search at once and the URL once, after the pause, replacing the entry", async () => {
    const { result, onUrlUpdate } = renderFilters("?volume=1");
    act(() => result.current.setSearch("h"));
    act(() => result.current.setSearch("h1"));
    act(() => result.current.setSearch("h100"));
    expect(result.current.q).toBe("h100");
    await new Promise((r) => setTimeout(r, SEARCH_URL_DELAY_MS / 2));
    expect(onUrlUpdate).not.toHaveBeenCalled();
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(1));
    expect(lastUrl(onUrlUpdate)).toMatchObject({
      queryString: "?volume=1&q=h100",
      options: { history: "replace" },
    });
  });

  it("a choice made before the pause ends carries the search into its own entry", async () => {
    const { result, onUrlUpdate } = renderFilters();
    act(() => result.current.setSearch("a100"));
    act(() => result.current.setFilters({ vol: true }));
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(1));
    expect(lastUrl(onUrlUpdate)).toMatchObject({
      queryString: "?volume=1&q=a100",
      options: { history: "push" },
    });
    await new Promise((r) => setTimeout(r, SEARCH_URL_DELAY_MS + 50));
    expect(onUrlUpdate).toHaveBeenCalledTimes(1);
  });
  it("says a URL write is pending until the URL holds the state, so a link can leave the page after it", async () => {
    const { result, onUrlUpdate } = renderFilters();
    expect(result.current.urlWrites.pending()).toBe(false);
    act(() => result.current.setSearch("gh200"));
    expect(result.current.urlWrites.pending()).toBe(true);
    let done = false;
    const written = result.current.urlWrites.written().then(() => (done = true));
    await new Promise((r) => setTimeout(r, SEARCH_URL_DELAY_MS / 2));
    expect(done).toBe(false);
    await written;
    expect(lastUrl(onUrlUpdate)?.queryString).toBe("?q=gh200");
    expect(result.current.urlWrites.pending()).toBe(false);
  });

  it("writing the search at once does nothing when no search is waiting (no redundant write)", async () => {
    const { result, onUrlUpdate } = renderFilters("?q=h100");
    act(() => result.current.setSearch("h100", true));
    await new Promise((r) => setTimeout(r, 100));
    expect(onUrlUpdate).not.toHaveBeenCalled();
  });
});

describe("the offers search box", () => {
  it("writes the URL after typing pauses, and at once on Enter", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    const user = userEvent.setup();
    render(
      <NuqsTestingAdapter onUrlUpdate={onUrlUpdate} hasMemory>
        <SearchHarness />
      </NuqsTestingAdapter>,
    );
    const box = screen.getByRole<HTMLInputElement>("searchbox", { name: "Search offers" });
    await user.type(box, "H100");
    expect(box.value).toBe("H100");
    await waitFor(() => expect(lastUrl(onUrlUpdate)?.queryString).toBe("?q=H100"));
    expect(onUrlUpdate).toHaveBeenCalledTimes(1);

    // Leaving the box with nothing waiting writes nothing more.
    await user.tab();
    await user.click(box);
    await user.type(box, " fin{Enter}");
    await waitFor(() => expect(lastUrl(onUrlUpdate)?.queryString).toBe("?q=H100+fin"));
    // Enter wrote it; the pending pause wrote nothing more.
    await new Promise((r) => setTimeout(r, SEARCH_URL_DELAY_MS + 50));
    expect(onUrlUpdate).toHaveBeenCalledTimes(2);
  });

  it("shows the URL's search, and clearing the box clears it from the URL", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    const user = userEvent.setup();
    render(
      <NuqsTestingAdapter searchParams="?q=mi300x&nodes=4" onUrlUpdate={onUrlUpdate} hasMemory>
        <SearchHarness />
      </NuqsTestingAdapter>,
    );
    const box = screen.getByRole<HTMLInputElement>("searchbox", { name: "Search offers" });
    expect(box.value).toBe("mi300x");
    await user.clear(box);
    await user.tab();
    await waitFor(() => expect(lastUrl(onUrlUpdate)?.queryString).toBe("?nodes=4"));
  });

  it("keeps text typed into the server-rendered box before the page hydrated, and searches for it", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    const page = (
      <NuqsTestingAdapter onUrlUpdate={onUrlUpdate} hasMemory>
        <SearchHarness />
      </NuqsTestingAdapter>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const early = container.querySelector("input") as HTMLInputElement;
    early.value = "B200";

    render(page, { container, hydrate: true });
    const box = screen.getByRole<HTMLInputElement>("searchbox", { name: "Search offers" });
    expect(box).toBe(early);
    await waitFor(() => expect(lastUrl(onUrlUpdate)?.queryString).toBe("?q=B200"));
    expect(box.value).toBe("B200");
  });
});
