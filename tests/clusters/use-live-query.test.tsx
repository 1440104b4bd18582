// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { focusManager, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLiveCluster, useLiveClusters } from "@/components/clusters/use-live-query";
import { makeQueryClient } from "@/components/shell/query-client";
import { FAST_POLL_MS, LIST_POLL_MS, MAX_BACKOFF_MS, STEADY_POLL_MS } from "@/lib/clusters/polling";
import type { Cluster } from "@/lib/runcrate/schemas";
import { makeCluster, T0, whole } from "../support/fixtures";

/**
 * The polled cluster queries against a stubbed `fetch`, on fake timers, each test with its own QueryClient built
 * the way the app builds it (so its retry policy is the one under test too).
 */

const ID = "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60";
const DETAIL = `/api/clusters/${ID}`;

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
const ok = (data: unknown): Reply => ({ status: 200, body: { data } });
const failure = (status: number, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  body: { error: { code: `code_${status}`, message: `Failure ${status}.` } },
});
const cluster = (status: string, over: Partial<Cluster> = {}) => makeCluster({ id: ID, status, ...over });

let reply: (url: string) => Reply;
/** Every read the page sent: which URL, at which (fake) time. */
let sent: Array<{ url: string; at: number }>;

const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
  const url = input instanceof Request ? input.url : input.toString();
  sent.push({ url, at: Date.now() });
  const r = reply(url);
  return new Response(JSON.stringify(r.body ?? null), {
    status: r.status,
    headers: { "content-type": "application/json", ...r.headers },
  });
});

const reads = (url = DETAIL) => sent.filter((s) => s.url === url).length;
const readTimes = (url = DETAIL) => sent.filter((s) => s.url === url).map((s) => s.at);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Steps the clock until `done()` holds (a read settles within a step: the stub answers at once). */
async function until(done: () => boolean, maxMs = 300_000, stepMs = 50) {
  for (let t = 0; !done(); t += stepMs) {
    if (t > maxMs) throw new Error(`not reached within ${maxMs} ms`);
    await advance(stepMs);
  }
}

/** A tab: its own QueryClient, as the app makes it. */
function wrapperFor() {
  const client = makeQueryClient();
  return function Tab({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/** What a browser does when the tab is hidden or shown: the property changes, then the event fires (and bubbles). */
function setHidden(hidden: boolean) {
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (hidden ? "hidden" : "visible"),
  });
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  vi.stubGlobal("fetch", fetchStub);
  sent = [];
  reply = () => ok(cluster("provisioning"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, "visibilityState");
  focusManager.setFocused(undefined);
});

describe("useLiveCluster", () => {
  it("polls every 2 s while the cluster changes, every 20 s when steady, and never once it is over", async () => {
    const { result } = renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    expect(reads()).toBe(1);
    expect(result.current.query.data?.status).toBe("provisioning");

    let before = reads();
    await advance(20_000);
    expect(reads() - before).toBeGreaterThanOrEqual(20_000 / FAST_POLL_MS - 1);
    expect(reads() - before).toBeLessThanOrEqual(20_000 / FAST_POLL_MS + 1);

    reply = () => ok(cluster("ready"));
    await until(() => result.current.query.data?.status === "ready");
    before = reads();
    await advance(STEADY_POLL_MS * 3);
    expect(reads() - before).toBeGreaterThanOrEqual(2);
    expect(reads() - before).toBeLessThanOrEqual(4);

    reply = () => ok(cluster("terminated"));
    await until(() => result.current.query.data?.status === "terminated");
    before = reads();
    await advance(10 * 60_000);
    expect(reads()).toBe(before);
    expect(result.current.meta.nextAt).toBeNull();
  });

  it("says truthfully when it asks next: nothing before meta.nextAt, a read at it", async () => {
    const { result } = renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    const nextAt = result.current.meta.nextAt!;
    expect(nextAt - Date.now()).toBeGreaterThanOrEqual(FAST_POLL_MS / 4);
    expect(nextAt - Date.now()).toBeLessThanOrEqual(FAST_POLL_MS * 1.25);
    await advance(nextAt - Date.now() - 1);
    expect(reads()).toBe(1);
    await advance(1);
    expect(reads()).toBe(2);
  });

  it("puts two tabs of one cluster on the same instants, so the server can serve them with one upstream read", async () => {
    renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(700);
    renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(1_300);
    const from = Date.now();
    await advance(20_000);
    const times = readTimes().filter((t) => t > from);
    // Two tabs each poll every 2 s, but only ever at the same moments.
    expect(times.length).toBeGreaterThanOrEqual(2 * (20_000 / FAST_POLL_MS - 1));
    expect(new Set(times).size).toBeLessThanOrEqual(20_000 / FAST_POLL_MS + 1);
  });

  it("stops for good on 404, 401 and 409, without retrying, and reports a 404 as not found", async () => {
    for (const status of [404, 401, 409]) {
      sent = [];
      reply = () => failure(status);
      const { result, unmount } = renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
      await advance(0);
      expect(result.current.notFound, `status ${status}`).toBe(true);
      await advance(5 * 60_000);
      expect(reads(), `status ${status}`).toBe(1);
      expect(result.current.meta.nextAt).toBeNull();
      unmount();
    }
  });

  it("stops when the cluster it already shows turns out to be gone", async () => {
    const { result } = renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    reply = () => failure(404);
    await until(() => result.current.notFound);
    const before = reads();
    await advance(5 * 60_000);
    expect(reads()).toBe(before);
  });

  it("retries a failed read, warns only after three failures in a row, keeps the data, and clears on success", async () => {
    const stale: boolean[] = [];
    const { result } = renderHook(
      () => {
        const live = useLiveCluster(ID);
        stale.push(live.meta.stale);
        return live;
      },
      { wrapper: wrapperFor() },
    );
    await advance(0);

    // Two failures, then a good read within the same poll: retried quietly, no warning.
    const answers = [failure(503), failure(503)];
    reply = () => answers.shift() ?? ok(cluster("provisioning"));
    await until(() => reads() === 4);
    await advance(0);
    expect(stale).not.toContain(true);
    expect(result.current.meta.failures).toBe(0);

    // An outage: the warning comes with the third failed attempt, and the last good data stays.
    reply = () => failure(503);
    const before = reads();
    await until(() => result.current.meta.failures === 1);
    expect(result.current.meta.stale).toBe(false);
    await until(() => result.current.meta.stale);
    expect(reads() - before).toBe(3);
    expect(result.current.query.error?.message).toBe("Failure 503.");
    expect(result.current.query.data?.status).toBe("provisioning");
    expect(result.current.meta.nextAt! - Date.now()).toBeGreaterThanOrEqual(FAST_POLL_MS);

    reply = () => ok(cluster("ready"));
    await until(() => !result.current.meta.stale);
    expect(result.current.query.data?.status).toBe("ready");
    expect(result.current.query.error).toBeNull();
  });

  it("backs off while reads keep failing, up to 30 s between polls", async () => {
    renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    reply = () => failure(503);
    const from = reads();
    await advance(5 * 60_000);
    const times = readTimes().slice(from);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Each poll is one attempt and the QueryClient's two retries (1 s, 2 s); between polls, the wait grows.
    const betweenPolls = gaps.filter((_, i) => i % 3 === 2);
    for (let i = 1; i < betweenPolls.length; i++)
      expect(betweenPolls[i]).toBeGreaterThanOrEqual(betweenPolls[i - 1]!);
    expect(betweenPolls[0]).toBeGreaterThanOrEqual(FAST_POLL_MS);
    expect(betweenPolls.at(-1)).toBe(MAX_BACKOFF_MS);
    // A five-minute outage costs about as many reads as a minute of healthy polling.
    expect(times.length).toBeLessThanOrEqual(40);
  });

  it("never asks again sooner than Retry-After, in retries or polls", async () => {
    const { result } = renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    // Longer than the 30 s the backoff would otherwise stop at.
    reply = () => failure(429, { "retry-after": "45" });
    const from = reads();
    await advance(5 * 60_000);
    const times = readTimes().slice(from);
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(45_000);
    expect(result.current.meta.stale).toBe(true);
  });

  it("does not poll in a hidden tab, and reads at once when the tab shows again", async () => {
    renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    await advance(5_000);
    setHidden(true);
    const before = reads();
    await advance(60_000);
    expect(reads()).toBe(before);

    setHidden(false);
    await advance(0);
    expect(reads()).toBe(before + 1);
    await advance(10_000);
    expect(reads() - before - 1).toBeGreaterThanOrEqual(10_000 / FAST_POLL_MS - 1);
  });

  it("does not retry a failed read while the tab is hidden", async () => {
    renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    reply = () => failure(503);
    const before = reads();
    await until(() => reads() === before + 1);
    setHidden(true);
    await advance(60_000);
    expect(reads()).toBe(before + 1);
  });

  it("does not refetch a finished cluster when the tab shows again", async () => {
    reply = () => ok(cluster("terminated"));
    renderHook(() => useLiveCluster(ID), { wrapper: wrapperFor() });
    await advance(0);
    setHidden(true);
    await advance(30_000);
    setHidden(false);
    await advance(30_000);
    expect(reads()).toBe(1);
  });
});

describe("useLiveClusters", () => {
  const LIST = "/api/clusters";

  it("polls the list as fast as its busiest cluster, else every 15 s", async () => {
    reply = () => ok(whole([cluster("ready"), makeCluster({ id: "other", status: "provisioning" })]));
    const { result } = renderHook(() => useLiveClusters(), { wrapper: wrapperFor() });
    await advance(0);
    expect(result.current.query.data).toHaveLength(2);
    let before = reads(LIST);
    await advance(20_000);
    expect(reads(LIST) - before).toBeGreaterThanOrEqual(20_000 / FAST_POLL_MS - 1);

    reply = () => ok(whole([cluster("ready"), makeCluster({ id: "other", status: "terminated" })]));
    await until(() => result.current.query.data?.[1]?.status === "terminated");
    before = reads(LIST);
    await advance(LIST_POLL_MS * 4);
    expect(reads(LIST) - before).toBeGreaterThanOrEqual(3);
    expect(reads(LIST) - before).toBeLessThanOrEqual(5);
  });

  it("stops when signed out", async () => {
    reply = () => failure(401);
    const { result } = renderHook(() => useLiveClusters(), { wrapper: wrapperFor() });
    await advance(0);
    await advance(5 * 60_000);
    expect(reads(LIST)).toBe(1);
    expect(result.current.meta.nextAt).toBeNull();
  });
});
