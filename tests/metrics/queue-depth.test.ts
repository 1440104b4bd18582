import { describe, expect, it, vi } from "vitest";
import { readQueueDepthsFrom, refreshQueueDepths } from "@/lib/server/metrics/record";
import { metrics } from "@/lib/server/metrics/registry";

/** The queue-depth gauge is read at scrape time from every job engine of the process that reported in. */
describe("queue depths", () => {
  const depthOf = async (queue: string, state: "queued" | "active") =>
    (await metrics().jobQueueDepth.get()).values.find(
      (v) => v.labels.queue === queue && v.labels.state === state,
    )?.value;

  it("come from each engine that reports them, until it stops; a failing one is left out and said", async () => {
    let queued = 3;
    const stop = readQueueDepthsFrom(() =>
      Promise.resolve([{ name: "guard", queuedCount: queued, activeCount: 1 }]),
    );
    const stopBroken = readQueueDepthsFrom(() => Promise.reject(new Error("database gone")));
    const onError = vi.fn();
    await refreshQueueDepths(onError);
    expect(await depthOf("guard", "queued")).toBe(3);
    expect(await depthOf("guard", "active")).toBe(1);
    expect(onError).toHaveBeenCalledTimes(1);

    stopBroken();
    queued = 7;
    await refreshQueueDepths(onError);
    expect(await depthOf("guard", "queued")).toBe(7);
    expect(onError).toHaveBeenCalledTimes(1);

    // Stopped: no longer read (the gauge keeps its last value until the next engine says otherwise).
    stop();
    queued = 99;
    await refreshQueueDepths(onError);
    expect(await depthOf("guard", "queued")).toBe(7);
  });
});
