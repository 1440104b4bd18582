import { describe, expect, it } from "vitest";
import {
  alignDelay,
  backoffDelay,
  baseInterval,
  FAST_POLL_MS,
  isStale,
  MAX_BACKOFF_MS,
  MIN_POLL_DELAY_MS,
  nextPollDelay,
  pollInterval,
  type PollMoment,
  type PollSchedule,
  STEADY_POLL_MS,
} from "@/lib/clusters/polling";

const ok = { failures: 0, retryAfterSeconds: null };

describe("polling policy", () => {
  it("watches closely while something changes", () => {
    for (const status of ["provisioning", "resizing", "terminating"])
      expect(pollInterval({ status }, ok)).toBe(FAST_POLL_MS);
    expect(pollInterval({ status: "ready", last_test: { status: "running" } }, ok)).toBe(FAST_POLL_MS);
    expect(FAST_POLL_MS).toBeGreaterThanOrEqual(1500);
    expect(FAST_POLL_MS).toBeLessThanOrEqual(3000);
  });

  it("polls rarely (15–30 s) when the cluster is steady", () => {
    const v = pollInterval({ status: "ready", last_test: { status: "passed" } }, ok);
    expect(v).toBe(STEADY_POLL_MS);
    expect(STEADY_POLL_MS).toBeGreaterThanOrEqual(15_000);
    expect(STEADY_POLL_MS).toBeLessThanOrEqual(30_000);
  });

  it("never polls a terminated or failed cluster, even while reads fail", () => {
    expect(pollInterval({ status: "terminated" }, ok)).toBe(false);
    expect(pollInterval({ status: "failed" }, { failures: 4, retryAfterSeconds: null })).toBe(false);
  });

  it("polls quickly before the first data arrives, and moderately for unknown statuses", () => {
    expect(baseInterval(undefined)).toBe(FAST_POLL_MS);
    const v = baseInterval({ status: "defragmenting" });
    expect(v).toBeGreaterThan(FAST_POLL_MS);
    expect(v).toBeLessThan(STEADY_POLL_MS);
  });

  it("backs off exponentially on errors, capped", () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n))).toEqual([
      2000,
      4000,
      8000,
      16000,
      30000,
      MAX_BACKOFF_MS,
    ]);
    expect(pollInterval({ status: "ready" }, { failures: 2, retryAfterSeconds: null })).toBe(4000);
  });

  it("never asks sooner than Retry-After", () => {
    expect(backoffDelay(1, 12)).toBe(12_000);
    expect(backoffDelay(5, 3)).toBe(30_000);
    expect(backoffDelay(1, 0)).toBe(2000);
  });

  it("warns about stale data after repeated failures only", () => {
    expect(isStale(1)).toBe(false);
    expect(isStale(2)).toBe(false);
    expect(isStale(3)).toBe(true);
  });
});

describe("alignDelay", () => {
  it("lands every caller for one cluster on the same instant", () => {
    const interval = 2000;
    const landings = new Set<number>();
    for (const now of [1_000_000, 1_000_300, 1_000_777, 1_001_100])
      landings.add(now + alignDelay(interval, now, "cluster-a"));
    // Four callers at different moments within one interval meet on at most two consecutive slots, `interval` apart.
    const sorted = [...landings].sort((a, b) => a - b);
    expect(sorted.length).toBeLessThanOrEqual(2);
    if (sorted.length === 2) expect(sorted[1]! - sorted[0]!).toBe(interval);
  });

  it("never fires within a quarter interval and never waits longer than 1.25 intervals", () => {
    for (let now = 0; now < 5000; now += 37) {
      const d = alignDelay(2000, now, "x");
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(2500);
    }
  });

  it("spreads different clusters over the interval", () => {
    const phases = new Set(
      ["a", "b", "c", "d", "e", "f"].map((k) => (1_000_000 + alignDelay(20_000, 1_000_000, k)) % 20_000),
    );
    expect(phases.size).toBeGreaterThan(3);
  });
});

describe("nextPollDelay", () => {
  const at = (now: number, over: Partial<PollMoment> = {}): PollMoment => ({
    armKey: "data@0",
    interval: FAST_POLL_MS,
    now,
    fetching: false,
    visible: true,
    failures: 0,
    phaseKey: "cluster-a",
    ...over,
  });
  const fresh = (): PollSchedule => ({ armedFor: null, nextAt: null });

  it("keeps one due time however often the page re-renders", () => {
    const s = fresh();
    const first = nextPollDelay(s, at(10_000)) as number;
    const due = 10_000 + first;
    for (let now = 10_000; now < due - MIN_POLL_DELAY_MS; now += 170)
      expect(now + (nextPollDelay(s, at(now)) as number)).toBe(due);
  });

  it("asks at once when a render wins the race with a due timer, instead of skipping to the next slot", () => {
    const s = fresh();
    const due = 10_000 + (nextPollDelay(s, at(10_000)) as number);
    // The main thread was busy: the once-a-second render runs 250 ms after the poll was due, before its timer.
    expect(nextPollDelay(s, at(due + 250))).toBe(MIN_POLL_DELAY_MS);
    // Several late renders in a row still do not push it back.
    expect(nextPollDelay(s, at(due + 1_250))).toBe(MIN_POLL_DELAY_MS);
  });

  it("polls at the pace of the interval on a page whose renders keep beating the timer", () => {
    // The page renders once a second, each render due just before the poll but run 300 ms late (a busy main thread),
    // so it always re-arms the timer before the timer fires. Reads settle at once, with new data each time.
    const s = fresh();
    let data = 0;
    let reads = 0;
    const arm = (now: number) => now + (nextPollDelay(s, at(now, { armKey: `data@${data}` })) as number);
    let timerAt = arm(0);
    for (let renderDue = timerAt - 10; renderDue < 60_000; renderDue += 1_000) {
      while (timerAt < renderDue) {
        reads++;
        data++;
        timerAt = arm(timerAt);
      }
      timerAt = arm(renderDue + 300);
    }
    expect(reads).toBeGreaterThanOrEqual(27);
    expect(reads).toBeLessThanOrEqual(31);
  });

  it("waits while the read that was due is under way, and arms anew when it settles", () => {
    const s = fresh();
    const due = 10_000 + (nextPollDelay(s, at(10_000)) as number);
    expect(nextPollDelay(s, at(due + 5, { fetching: true }))).toBe(FAST_POLL_MS);
    const next = nextPollDelay(s, at(due + 80, { armKey: "data@1" })) as number;
    expect(next).toBeGreaterThanOrEqual(FAST_POLL_MS / 4);
    expect(next).toBeLessThanOrEqual(FAST_POLL_MS * 1.25);
  });

  it("does not spin in a hidden tab", () => {
    const s = fresh();
    const due = 10_000 + (nextPollDelay(s, at(10_000)) as number);
    expect(nextPollDelay(s, at(due + 1, { visible: false }))).toBe(FAST_POLL_MS);
    // Shown again without a refetch having happened: due, so now.
    expect(nextPollDelay(s, at(due + 3_000))).toBe(MIN_POLL_DELAY_MS);
  });

  it("backs off the whole delay after a failure, unaligned, and stops when told", () => {
    const s = fresh();
    expect(nextPollDelay(s, at(12_345, { failures: 2, interval: 4_000, armKey: "err@1" }))).toBe(4_000);
    expect(nextPollDelay(s, at(12_400, { interval: false }))).toBe(false);
    expect(s.nextAt).toBeNull();
  });
});
