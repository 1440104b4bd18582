/**
 * The real Runcrate client against the simulator in-process (manual clock), one workspace per test with its own
 * response variants (sim/README.md, "Variants") — for the tests of how the client reads an API that
 * differs from runcrate-api.md.
 */
import { testClient } from "@/tests/support/runcrate-client";
import { Writable } from "node:stream";
import pino from "pino";
import { startSimulator, type RunningSimulator } from "@/sim/server";
import { freshKey, simClient } from "@/tests/support/sim-client";

export async function startSim(): Promise<RunningSimulator> {
  return startSimulator({ manualClock: true, log: false });
}

export { freshKey };

/** Lines the client logged, parsed. */
export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split("\n").filter(Boolean)) {
        raw.push(l);
        lines.push(JSON.parse(l) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines, raw };
}

export async function setVariants(sim: RunningSimulator, key: string, variants: string[]): Promise<void> {
  await simClient(sim.url).setVariants(key, variants);
}

export function clientFor(sim: RunningSimulator, key: string, logger = captureLog().logger) {
  return testClient(sim.apiUrl, { apiKey: key, timeoutMs: 5_000, logger });
}

export { simClient };
