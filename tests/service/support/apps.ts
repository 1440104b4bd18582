/**
 * The simulator and Clusterdeck servers on one real Postgres, started the way playwright.config.ts starts the e2e
 * app (tests/support/stack.ts), each with its own data folder and the shared secrets.
 */
import { startApp, startSim } from "../../support/stack";
import type { Proc } from "../../support/proc";
import { SERVICE } from "./config";

export type App = { proc: Proc; url: string };

export function startSimulator() {
  return startSim({ port: SERVICE.simPort, env: { SIM_SPEED: "30" } });
}

export function startInstance(index: number, simApiUrl: string, env: Record<string, string> = {}) {
  return startApp({
    port: SERVICE.ports[index]!,
    distDir: SERVICE.distDir,
    dataDir: `.data-service-${SERVICE.ports[index]}`,
    simApiUrl,
    env: {
      DATABASE_URL: SERVICE.databaseUrl,
      ...SERVICE.secrets,
      CLUSTERDECK_GUARD_INTERVAL_MS: String(SERVICE.guardIntervalMs),
      ...env,
    },
  });
}
