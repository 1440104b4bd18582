/**
 * Where the e2e suite's servers listen (E2E_APP_PORT / E2E_SIM_PORT, so several runs can share one machine) and keep
 * their data, for the Playwright configuration and for specs that call the app or the simulator directly.
 */
import path from "node:path";

export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3110);
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 4110);
/** The app server's DATA_DIR, relative to the repository (E2E_DATA_DIR: the Postgres run keeps its own). */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? `.data-e2e-${APP_PORT}`;
/** The ready-made accounts written before the app starts (tests/support/seed-accounts.ts), beside its data. */
export const SEEDED_DIR = `${DATA_DIR}-accounts`;
const ROOT = path.resolve(__dirname, "../..");
export const e2e = {
  appUrl: `http://127.0.0.1:${APP_PORT}`,
  simUrl: `http://127.0.0.1:${SIM_PORT}`,
  seededDir: path.resolve(ROOT, SEEDED_DIR),
};
