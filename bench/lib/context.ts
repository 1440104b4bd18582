import type { Account } from "../../tests/support/accounts";
import type { SimClient } from "../../tests/support/sim-client";

/** What every bench section gets: the running stack, one signed-in user with a key, and its watched cluster. */
export type BenchContext = {
  appUrl: string;
  /** The app's production build folder (its manifests say what each page loads). */
  distDir: string;
  simUrl: string;
  /** Root pid of `next start` (the next-server process is in its tree). */
  appPid: number;
  sim: SimClient;
  account: Account;
  /** A cluster of `account` that stays provisioning for the whole run (the bench sim runs slow). */
  clusterId: string;
  offerId: string;
  /** next-server RSS right after start (one /api/health answered), MB. */
  idleRssMb: number | null;
  /** Restarts the simulator with extra SIM_* env (same port); state is lost. */
  restartSim: (env: Record<string, string>) => Promise<void>;
};

/** One printed row: a figure beside its target. */
export type Row = { section: string; metric: string; value: string; target: string; ok: boolean | null };

export type SectionResult = { rows: Row[]; data: unknown };
