import { describe, expect, it } from "vitest";
import {
  clusterInterval,
  delayToNextSlot,
  failureBackoff,
  FAST_POLL_MS,
  isGone,
  isStale,
  LIST_POLL_MS,
  listInterval,
  MAX_BACKOFF_MS,
  MIN_POLL_DELAY_MS,
  nextPollAt,
  nextPollDelay,
  type PollState,
  STEADY_POLL_MS,
} from "@/lib/clusters/polling";
import { ApiError } from "@/lib/query/fetch-api";

/** A query whose last read succeeded at t = 10 s. */
const ok = (over: Partial<PollState> = {}): PollState => ({
  status: "success",
  fetchStatus: "idle",
  dataUpdatedAt: 10_000,
  error: null,
  errorUpdatedAt: 0,
  errorUpdateCount: 0,
  ...over,
});
/** The same query after a read that failed for good at `at`. */
const failed = (at: number, over: Partial<PollState> = {}): PollState =>
  ok({
    status: "error",
    error: new ApiError("down", 503, "unreachable"),
    errorUpdatedAt: at,
    errorUpdateCount: 1,
    ...over,
  });

describe("polling pace", () => {
  it("watches closely while something changes", () => {
    for (const status of ["provisioning", "resizing", "terminating"])
      expect(clusterInterval({ status })).toBe(FAST_POLL_MS);
    expect(clusterInterval({ status: "ready", last_test: { status: "running" } })).toBe(FAST_POLL_MS);
    expect(FAST_POLL_MS).toBeGreaterThanOrEqual(1500);
    expect(FAST_POLL_MS).toBeLessThanOrEqual(3000);
  });

  it("polls rarely (15–30 s) when the cluster is steady", () => {
    expect(clusterInterval({ status: "ready", last_test: { status: "passed" } })).toBe(STEADY_POLL_MS);
    expect(STEADY_POLL_MS).toBeGreaterThanOrEqual(15_000);
    expect(STEADY_POLL_MS).toBeLessThanOrEqual(30_000);
  });

  it("polls quickly before the first data arrives, and moderately for unknown statuses", () => {
    expect(clusterInterval(undefined)).toBe(FAST_POLL_MS);
    const v = clusterInterval({ status: "defragmenting" });
    expect(v).toBeGreaterThan(FAST_POLL_MS);
    expect(v).toBeLessThan(STEADY_POLL_MS);
  });

  it("never polls a terminated or failed cluster, even while reads fail", () => {
    expect(clusterInterval({ status: "terminated" })).toBe(false);
    const interval = clusterInterval({ status: "failed" });
    expect(interval).toBe(false);
    expect(nextPollAt(failed(20_000), interval, "c")).toBeNull();
    expect(nextPollDelay(failed(20_000), interval, "c", 20_001, true)).toBe(false);
  });

  it("paces the list by its busiest cluster, never slower than the list's own pace", () => {
    expect(listInterval(undefined)).toBe(LIST_POLL_MS);
    expect(listInterval([{ status: "terminated" }, { status: "ready" }])).toBe(LIST_POLL_MS);
    expect(listInterval([{ status: "ready" }, { status: "provisioning" }])).toBe(FAST_POLL_MS);
  });

  it("stops on answers polling cannot fix: signed out, gone, no key", () => {
    for (const status of [401, 404, 409]) {
      const s = failed(20_000, { error: new ApiError("x", status, "x") });
      expect(isGone(s.error)).toBe(true);
      expect(nextPollDelay(s, FAST_POLL_MS, "c", 20_001, true)).toBe(false);
    }
    expect(isGone(new ApiError("x", 503, "x"))).toBe(false);
    expect(isGone(new Error("x"))).toBe(false);
  });
});

describe("failureBackoff", () => {
  it("waits as long again as reads have been failing since the last good one, capped", () => {
    // Last good read at 10 s.
    expect(failureBackoff(failed(11_000))).toBe(FAST_POLL_MS);
    expect(failureBackoff(failed(15_000))).toBe(5_000);
    expect(failureBackoff(failed(22_000))).toBe(12_000);
    expect(failureBackoff(failed(600_000))).toBe(MAX_BACKOFF_MS);
  });

  it("doubles the wait from one failed read to the next", () => {
    // Each failed read takes 1 s; the next one starts when the backoff after the previous one is over.
    let at = 13_000;
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wait = failureBackoff(failed(at));
      waits.push(wait);
      at += wait + 1_000;
    }
    for (let i = 1; i < waits.length; i++)
      expect(waits[i]).toBeGreaterThanOrEqual(Math.min(MAX_BACKOFF_MS, waits[i - 1]! * 2));
    expect(waits.at(-1)).toBe(MAX_BACKOFF_MS);
  });

  it("doubles with each failed read when there has never been a good one", () => {
    const never = (n: number) => failureBackoff(failed(5_000, { dataUpdatedAt: 0, errorUpdateCount: n }));
    expect([1, 2, 3, 4, 5, 9].map(never)).toEqual([2000, 4000, 8000, 16000, 30000, MAX_BACKOFF_MS]);
  });

  it("never asks sooner than Retry-After", () => {
    const limited = (retryAfter: number | null, at: number) =>
      failureBackoff(failed(at, { error: new ApiError("slow down", 429, "rate_limited", retryAfter) }));
    expect(limited(12, 11_000)).toBe(12_000);
    expect(limited(3, 600_000)).toBe(MAX_BACKOFF_MS);
    expect(limited(null, 11_000)).toBe(FAST_POLL_MS);
    expect(nextPollAt(failed(11_000, { error: new ApiError("x", 429, "x", 45) }), FAST_POLL_MS, "c")).toBe(
      56_000,
    );
  });
});

describe("isStale", () => {
  it("warns once a read has failed for good, not while it is still being retried, and clears on a good read", () => {
    expect(isStale(ok())).toBe(false);
    expect(isStale(ok({ fetchStatus: "fetching" }))).toBe(false);
    expect(isStale(failed(20_000))).toBe(true);
    // Polling again after the failure: the warning stays until a read succeeds.
    expect(isStale(failed(20_000, { fetchStatus: "fetching" }))).toBe(true);
    expect(isStale(ok({ dataUpdatedAt: 30_000, errorUpdatedAt: 20_000 }))).toBe(false);
  });
});

describe("delayToNextSlot", () => {
  it("lands every caller for one cluster on the same instant", () => {
    const interval = 2000;
    const landings = new Set<number>();
    for (const now of [1_000_000, 1_000_300, 1_000_777, 1_001_100])
      landings.add(now + delayToNextSlot(interval, now, "cluster-a"));
    // Four callers at different moments within one interval meet on at most two consecutive slots, `interval` apart.
    const sorted = [...landings].sort((a, b) => a - b);
    expect(sorted.length).toBeLessThanOrEqual(2);
    if (sorted.length === 2) expect(sorted[1]! - sorted[0]!).toBe(interval);
  });

  it("never fires within a quarter interval and never waits longer than 1.25 intervals", () => {
    for (let now = 0; now < 5000; now += 37) {
      const d = delayToNextSlot(2000, now, "x");
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(2500);
    }
  });

  it("spreads different clusters over the interval", () => {
    const phases = new Set(
      ["a", "b", "c", "d", "e", "f"].map((k) => (1_000_000 + delayToNextSlot(20_000, 1_000_000, k)) % 20_000),
    );
    expect(phases.size).toBeGreaterThan(3);
  });
});

describe("nextPollDelay", () => {
  const delay = (s: PollState, now: number, visible = true) =>
    nextPollDelay(s, FAST_POLL_MS, "cluster-a", now, visible) as number;

  it("keeps one due time however often the page re-renders", () => {
    const s = ok();
    const due = 10_000 + delay(s, 10_000);
    expect(due).toBe(nextPollAt(s, FAST_POLL_MS, "cluster-a"));
    for (let now = 10_000; now < due - MIN_POLL_DELAY_MS; now += 170) expect(now + delay(s, now)).toBe(due);
  });

  it("asks at once when a render wins the race with a due timer, instead of skipping to the next slot", () => {
    const s = ok();
    const due = nextPollAt(s, FAST_POLL_MS, "cluster-a")!;
    // The main thread was busy: the once-a-second render runs 250 ms after the poll was due, before its timer.
    expect(delay(s, due + 250)).toBe(MIN_POLL_DELAY_MS);
    // Several late renders in a row still do not push it back.
    expect(delay(s, due + 1_250)).toBe(MIN_POLL_DELAY_MS);
  });

  it("polls at the pace of the interval on a page whose renders keep beating the timer", () => {
    // The page renders once a second, each render due just before the poll but run 300 ms late (a busy main thread),
    // so it always re-arms the timer before the timer fires. Reads settle at once, with new data each time.
    let s = ok({ dataUpdatedAt: 0 });
    let reads = 0;
    const arm = (now: number) => now + delay(s, now);
    let timerAt = arm(0);
    for (let renderDue = timerAt - 10; renderDue < 60_000; renderDue += 1_000) {
      while (timerAt < renderDue) {
        reads++;
        s = ok({ dataUpdatedAt: timerAt });
        timerAt = arm(timerAt);
      }
      timerAt = arm(renderDue + 300);
    }
    expect(reads).toBeGreaterThanOrEqual(27);
    expect(reads).toBeLessThanOrEqual(31);
  });

  it("waits while a read is under way, and arms anew from when it settled", () => {
    const due = nextPollAt(ok(), FAST_POLL_MS, "cluster-a")!;
    expect(delay(ok({ fetchStatus: "fetching" }), due + 5)).toBe(FAST_POLL_MS);
    expect(delay(ok({ fetchStatus: "paused" }), due + 5)).toBe(FAST_POLL_MS);
    const next = delay(ok({ dataUpdatedAt: due + 80 }), due + 80);
    expect(next).toBeGreaterThanOrEqual(FAST_POLL_MS / 4);
    expect(next).toBeLessThanOrEqual(FAST_POLL_MS * 1.25);
  });

  it("does not spin in a hidden tab, and asks at once when shown if a poll is due", () => {
    const s = ok();
    const due = nextPollAt(s, FAST_POLL_MS, "cluster-a")!;
    expect(delay(s, due + 1, false)).toBe(FAST_POLL_MS);
    expect(delay(s, due + 3_000)).toBe(MIN_POLL_DELAY_MS);
  });

  it("backs off the whole delay after a failure, unaligned to any slot", () => {
    const s = failed(14_000);
    expect(delay(s, 14_000)).toBe(failureBackoff(s));
    expect(delay(s, 14_000)).toBe(4_000);
  });
});
