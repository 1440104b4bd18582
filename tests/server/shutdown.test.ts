import { afterEach, describe, expect, it } from "vitest";
import { serverState, shutdown } from "@/lib/server/node-server.mjs";

/**
 * A second signal during the drain (Ctrl-C under `npm start` delivers SIGINT, then the script's SIGTERM) joins the
 * running shutdown: it neither reports success early nor cuts the requests in flight short.
 */

const quiet = { info: () => {}, warn: () => {} };

afterEach(() => {
  const s = serverState();
  Object.assign(s, { shuttingDown: false, stopping: null, inFlight: 0, idle: [], stopHooks: [] });
});

describe("shutdown", () => {
  it("a second call resolves with the first, only once the requests in flight have finished", async () => {
    const state = serverState();
    state.inFlight = 1;
    const stopped: string[] = [];
    state.stopHooks.push(() => {
      stopped.push("database closed");
    });
    const first = shutdown("SIGINT", { graceMs: 10_000, log: quiet });
    const second = shutdown("SIGTERM", { graceMs: 10_000, log: quiet });
    expect(second).toBe(first);

    let settled = false;
    void second.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    expect(stopped).toEqual([]);

    // The request in flight finishes: the drain ends, the stop hooks run once, and both calls report success.
    state.inFlight = 0;
    for (const resolve of state.idle.splice(0)) resolve();
    expect(await Promise.all([first, second])).toEqual([0, 0]);
    expect(stopped).toEqual(["database closed"]);
  });

  it("both report failure when the grace period ends with requests still in flight", async () => {
    serverState().inFlight = 2;
    const first = shutdown("SIGTERM", { graceMs: 20, log: quiet });
    expect(await shutdown("SIGINT", { graceMs: 20, log: quiet })).toBe(1);
    expect(await first).toBe(1);
  });
});
