import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { keepAliveTimeoutMs } from "../../scripts/app-node-options.mjs";
import { HYDRATED } from "../support/browser";
import { start, waitForUrl, type Proc } from "../support/proc";
import { ROOT } from "../support/stack";
import { startSimulator } from "./support/apps";
import { SERVICE } from "./support/config";

/**
 * The server folder, assembled by scripts/assemble.mjs — the script the Dockerfile runs — into a folder outside the
 * repository, started there with `node server.mjs` (the Dockerfile's CMD) and nothing else from the checkout,
 * serves a page with its assets. The build is the suite's (no second build when it is current).
 */

let sim: Awaited<ReturnType<typeof startSimulator>>;
let server: Proc | undefined;
const dir = mkdtempSync(path.join(tmpdir(), "clusterdeck-standalone-"));

test.afterAll(async () => {
  await server?.stop();
  await sim?.proc.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("the assembled server folder alone serves the sign-in page, its assets and health", async ({ page }) => {
  // A stale build is rebuilt by the script (minutes); a current one is only copied, then the dependencies installed.
  test.setTimeout(20 * 60_000);
  const out = path.join(dir, "app");
  execFileSync(process.execPath, ["scripts/assemble.mjs", out], {
    cwd: ROOT,
    env: { ...process.env, NEXT_DIST_DIR: SERVICE.distDir },
    stdio: "pipe",
    timeout: 15 * 60_000,
  });
  expect(existsSync(path.join(out, "server.mjs"))).toBe(true);
  // The production dependencies only: Next is there, the compilers and test runners are not (Playwright is, as
  // Next's optional peer dependency).
  expect(existsSync(path.join(out, "node_modules", "next", "package.json"))).toBe(true);
  for (const dev of ["typescript", "vitest", "tsx", "eslint"])
    expect(existsSync(path.join(out, "node_modules", dev)), dev).toBe(false);
  // Nothing above it to fall back on: no node_modules between the folder and the root.
  for (let d = out; d !== path.dirname(d); d = path.dirname(d))
    if (d !== out) expect(existsSync(path.join(d, "node_modules")), d).toBe(false);

  sim = await startSimulator();
  const port = SERVICE.ports[2]!;
  // The Dockerfile's environment and command, with the test's own port, data folder and API.
  server = start("assembled", process.execPath, ["server.mjs"], {
    cwd: out,
    env: {
      NODE_ENV: "production",
      NEXT_DIST_DIR: SERVICE.distDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      KEEP_ALIVE_TIMEOUT_MS: String(keepAliveTimeoutMs()),
      NEXT_TELEMETRY_DISABLED: "1",
      DATA_DIR: path.join(dir, "data"),
      RUNCRATE_API_URL: sim.apiUrl,
      RUNCRATE_SIMULATOR: "1",
      AUTH_TRUST_HOST: "true",
      NODE_PATH: "",
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/api/health`, server, 120_000);

  const assets: number[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/_next/static/")) assets.push(r.status());
  });
  await page.goto(`${url}/sign-in`);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  expect(assets.length).toBeGreaterThan(0);
  expect(assets.every((s) => s === 200)).toBe(true);
  // Hydrated: the client bundle from the copied static folder runs.
  await expect(page.locator(HYDRATED)).toBeAttached();
  const health = await (await fetch(`${url}/api/health`)).json();
  expect(health).toMatchObject({ ok: true, database: "ok" });
  // The embedded database was created in the given folder, with the migrations copied beside the server.
  expect(existsSync(path.join(dir, "data", "pglite", "PG_VERSION"))).toBe(true);
});
