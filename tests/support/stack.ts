/**
 * The simulator and a production build of the app on loopback, started the way playwright.config.ts starts them
 * (same env), on the caller's ports, data folder and build folder. Builds run under the shared build lock.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { start, waitForUrl, type Proc } from "./proc";

export const ROOT = path.resolve(__dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
/** The server entry `npm start` and the Dockerfile run (Next's request handler behind our own Node server). */
export const SERVER_ENTRY = path.join(ROOT, "server.mjs");
const TSX_BIN = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

export type SimOptions = { port: number; env?: Record<string, string> };

export async function startSim(o: SimOptions): Promise<{ proc: Proc; url: string; apiUrl: string }> {
  const proc = start("simulator", process.execPath, [TSX_BIN, "sim/main.ts"], {
    cwd: ROOT,
    env: { SIM_PORT: String(o.port), SIM_HOST: "127.0.0.1", SIM_RATE_LIMIT: "0", ...o.env },
  });
  const url = `http://127.0.0.1:${o.port}`;
  await waitForUrl(`${url}/__sim/health`, proc, 60_000);
  return { proc, url, apiUrl: `${url}/api/v1` };
}

/** `next build` into `distDir` (relative to the repo), holding /tmp/next-build.lock like everyone else. */
export function buildApp(distDir: string, cwd = ROOT): void {
  execFileSync("flock", ["/tmp/next-build.lock", process.execPath, NEXT_BIN, "build"], {
    cwd,
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60_000,
  });
}

export type AppOptions = {
  port: number;
  distDir: string;
  dataDir: string;
  simApiUrl: string;
  wipeData?: boolean;
  cwd?: string;
  healthPath?: string;
  env?: Record<string, string>;
};

export async function startApp(o: AppOptions): Promise<{ proc: Proc; url: string }> {
  const cwd = o.cwd ?? ROOT;
  if (o.wipeData !== false) rmSync(path.resolve(cwd, o.dataDir), { recursive: true, force: true });
  // The server entry that ships (npm start, the Dockerfile), serving the build in `cwd`; its keep-alive and Node
  // options are the shipping ones (no heap cap: Node's default).
  const proc = start("app", process.execPath, [SERVER_ENTRY], {
    cwd,
    env: {
      NODE_ENV: "production",
      NEXT_DIST_DIR: o.distDir,
      DATA_DIR: o.dataDir,
      RUNCRATE_API_URL: o.simApiUrl,
      RUNCRATE_SIMULATOR: "1",
      AUTH_TRUST_HOST: "true",
      NEXT_TELEMETRY_DISABLED: "1",
      // Every test account signs up from 127.0.0.1; the per-address sign-up limit is tested in vitest.
      SIGN_UP_RATE_LIMIT: "100000",
      // Test accounts sign up freely (unset, an instance is invite-only after its first account: tested in vitest).
      SIGN_UP: "open",
      PORT: String(o.port),
      HOST: "127.0.0.1",
      ...o.env,
    },
  });
  const url = `http://127.0.0.1:${o.port}`;
  await waitForUrl(`${url}${o.healthPath ?? "/api/health"}`, proc, 120_000);
  return { proc, url };
}
