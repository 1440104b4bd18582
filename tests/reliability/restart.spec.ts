/**
 * The app restarted while a cluster provisions: the open cluster page rides out the outage (last good data stays,
 * polls back off) and, once the server is back, picks up where it was — the same session, the same cluster,
 * following it to Ready without a reload. Runs its own simulator and app (REL ports + 1) so it can stop the app.
 */
import { test, expect } from "@playwright/test";
import { newAccount, playwrightCookies } from "../support/accounts";
import { launchInPage } from "./support/launch";
import { simClient } from "../support/sim-client";
import { startApp, startSim } from "../support/stack";
import { REL } from "./support/config";
import { unhandledErrors } from "./support/stack";

const APP_PORT = REL.appPort + 1;
const SIM_PORT = REL.simPort + 1;
const DATA = ".data-bench-restart";

test("restarting the app while a cluster provisions: the page picks up where it was", async ({ page }) => {
  test.setTimeout(5 * 60_000);
  const sim = await startSim({ port: SIM_PORT, env: { SIM_SPEED: "0.05", SIM_RATE_LIMIT: "0" } });
  const appOpts = { port: APP_PORT, distDir: REL.distDir, dataDir: DATA, simApiUrl: sim.apiUrl };
  let app = await startApp(appOpts);
  try {
    const simc = simClient(sim.url);
    const account = await newAccount(app.url);
    const offer = (await simc.offers(account.key)).find(
      (o) => (o as { host_tier?: string }).host_tier !== "community",
    );
    if (!offer) throw new Error("no datacenter offer");
    await page.context().addCookies(playwrightCookies(account.cookie, app.url));
    await launchInPage(page, app.url, offer.id, "restart-me");
    const id = new URL(page.url()).pathname.split("/").pop() as string;

    await page.goto(`${app.url}/clusters/${id}`);
    await expect(page.getByRole("heading", { name: "restart-me" })).toBeVisible();
    await expect(page.getByText("Provisioning").first()).toBeVisible();

    // Down for a few poll intervals.
    await app.proc.stop();
    await page.waitForTimeout(6_000);
    await expect(page.getByRole("heading", { name: "restart-me" })).toBeVisible(); // last good data stays
    app = await startApp({ ...appOpts, wipeData: false });

    // The cluster finishes while the page keeps watching; it must get there on its own (backoff ≤ 30 s).
    await simc.advance(3_600);
    await simc.waitFor(account.key, id, (c) => c.status === "ready", 30_000);
    await expect(page.getByText("Ready").first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("stale-warning")).toHaveCount(0);

    // And the session survived the restart: a reload shows the same cluster.
    await page.reload();
    await expect(page.getByRole("heading", { name: "restart-me" })).toBeVisible();
    await expect(page.getByText("Ready").first()).toBeVisible();
    expect(unhandledErrors(app.proc.output())).toEqual([]);
  } finally {
    await app.proc.stop();
    await sim.proc.stop();
  }
});
