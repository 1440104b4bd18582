import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatGbps } from "@/lib/format/number";
import { envExports } from "@/lib/clusters/snippets";
import {
  clearFaults,
  createCluster,
  getCluster,
  setFaults,
  simSpeed,
  startTestDirect,
  waitForStatus,
  setVariants,
} from "../support/sim";
import { addKey, freshKey, seededAccountWithKey } from "../support/accounts";
import { holdScripts, openDialog } from "../support/browser";
import { openReadyCluster } from "../support/ready-cluster";

/**
 * The live cluster page against the simulator: lifecycle, failure, NCCL test, terminate, stale data, and every copy
 * button. How often the page polls — every 2 s while something changes, never in a hidden tab, at once when it shows
 * again, tabs of one cluster on the same instants — is vitest's, on fake timers (tests/clusters/use-live-query.test.tsx),
 * and the server's one upstream read for reads at the same instant too (tests/clusters/coalesce.test.ts, reads.test.ts).
 */

const detail = (page: Page) => page.getByTestId("cluster-detail");

test("comes up rank by rank to ready; events arrive once each, newest first", async ({ page }) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const { cluster } = await createCluster(key, { nodes: 4, stack: "kubernetes" });
  const speed = await simSpeed();

  // Record every state the page shows, sampled in the browser, to prove it moved through them live.
  await page.goto(`/clusters/${cluster.id}`);
  await expect(page.getByRole("heading", { level: 1, name: cluster.name })).toBeVisible();
  await page.evaluate(() => {
    const seen: Array<{ status: string | null; busy: number; ranks: number; events: number }> = [];
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    setInterval(() => {
      const d = document.querySelector("[data-testid=cluster-detail]");
      seen.push({
        status: d?.getAttribute("data-status") ?? null,
        busy: document.querySelectorAll("[data-testid=node-row][data-in-progress]").length,
        ranks: document.querySelectorAll("[data-testid=node-row]").length,
        events: document.querySelectorAll("[data-testid=event]").length,
      });
    }, 100);
  });

  await expect(detail(page)).toHaveAttribute("data-status", "ready", { timeout: 120_000 });
  await expect(page.getByTestId("status-meaning")).toContainText("Every machine is up");
  const rows = page.getByTestId("node-row");
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText("head");
  await expect(rows.first()).toHaveAttribute("data-rank", "0");
  await expect(page.locator("[data-testid=node-row][data-in-progress]")).toHaveCount(0);

  // Phases all report a duration; billing has started.
  await expect(page.locator("[data-phase=provisioning]")).toHaveAttribute("data-state", "done");
  await expect(page.locator("[data-phase=stack]")).toHaveAttribute("data-state", "done");
  await expect(page.getByTestId("cost-so-far")).toHaveText(/^\$\d/);

  // Events: every id once, newest first, the same set as the API's.
  const ids = await page
    .getByTestId("event")
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-event-id"))));
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  const api = await getCluster(key, cluster.id);
  expect(ids.length).toBe(api.events?.length);

  const seen = await page.evaluate(
    () =>
      (
        window as unknown as {
          __seen: Array<{ status: string | null; busy: number; ranks: number; events: number }>;
        }
      ).__seen,
  );
  const eventCounts = seen.map((s) => s.events);
  expect(Math.max(...eventCounts)).toBe(ids.length);
  // Nothing ever disappears between polls.
  for (let i = 1; i < eventCounts.length; i++)
    expect(eventCounts[i]!).toBeGreaterThanOrEqual(eventCounts[i - 1]!);
  if (speed <= 10) {
    // Slow enough to watch: the page showed the cluster provisioning with machines still coming up, then ready.
    expect(seen.some((s) => s.status === "provisioning" && s.busy > 0)).toBe(true);
    expect(new Set(eventCounts).size).toBeGreaterThan(1);
  }
});

test("an NCCL test run produces the chart, the table and a verdict", async ({ page }) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const { cluster } = await createCluster(key, { stack: "slurm" });
  await page.goto(`/clusters/${cluster.id}`);
  const card = page.getByTestId("nccl-card");
  const start = card.getByRole("button", { name: /Start test/ });
  // Disabled, with the reason, until ready — read in one DOM snapshot, since the cluster may turn ready any moment.
  const first = await page.evaluate(() => ({
    status: document.querySelector("[data-testid=cluster-detail]")?.getAttribute("data-status"),
    disabled: document.querySelector<HTMLButtonElement>("[data-testid=nccl-card] [data-command=run-test]")
      ?.disabled,
    text: document.querySelector("[data-testid=nccl-card]")?.textContent ?? "",
  }));
  if (first.status === "provisioning") {
    expect(first.disabled).toBe(true);
    expect(first.text).toContain("Tests start once it is ready");
  }
  await expect(detail(page)).toHaveAttribute("data-status", "ready", { timeout: 120_000 });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page.getByText("NCCL test started")).toBeVisible();
  await expect(card.getByRole("button", { name: /Run again/ })).toBeDisabled();

  const chart = card.getByTestId("busbw-chart");
  await expect(chart).toBeVisible({ timeout: 120_000 });
  await expect(chart).toHaveAttribute("aria-label", /peak of [\d.]+ GB\/s/);
  await expect(card.getByTestId("nccl-verdict")).toHaveText(
    /Healthy|Below expectations|Slow interconnect|No reference/,
  );
  await expect(page.getByText(/NCCL test (finished|failed) on/)).toBeVisible();

  const api = await getCluster(key, cluster.id);
  const sizes = api.last_test?.result?.sizes ?? [];
  expect(sizes.length).toBeGreaterThan(5);
  await expect(chart.locator("circle")).toHaveCount(sizes.length);
  await card.getByText(/as a table/).click();
  await expect(
    card.getByRole("table", { name: "Bandwidth by message size" }).locator("tbody tr"),
  ).toHaveCount(sizes.length);
  // In the page's own format: toFixed rounds 45.05 (stored as 45.0499…) down, the page's Intl format up.
  await expect(card).toContainText(`Peak ${formatGbps(api.last_test!.result!.peak_busbw_gb_s!)}`);
  await expect(card.getByRole("button", { name: /Run again/ })).toBeEnabled();
});

/**
 * The page polls every 2 s only while something changes. An NCCL test that runs for two simulated hours (4 minutes at
 * the default e2e speed of 30; variant `test-seconds`) keeps it changing for longer than any of these tests, however
 * slowly a loaded machine opens their pages.
 */
async function clusterWithLongTest(request: APIRequestContext, key: string) {
  await setVariants(key, ["test-seconds:7200"]);
  const { cluster } = await createCluster(key, { nodes: 64, stack: "slurm" });
  await waitForStatus(key, cluster.id, "ready");
  expect(await startTestDirect(key, cluster.id)).toBe(202);
  return cluster;
}

// One cluster through its life on the page: buttons that wait for React, a resize, then the terminate.
test("the page's buttons wait for hydration and then work with one click; resize offers only the offer's valid counts with the new rate; terminate needs the name typed, shows the cost, and stops the cluster", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  // Helsinki H100: allowed_node_counts [2, 4, 8, 16], resizable.
  const { cluster, offer } = await createCluster(key, {
    offerId: "h100-sxm-8x-ib-helsinki",
    nodes: 2,
    stack: "slurm",
  });
  await waitForStatus(key, cluster.id, "ready");

  const release = await holdScripts(page);
  await page.goto(`/clusters/${cluster.id}`, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: cluster.name })).toBeVisible();
  // Without React a click on these would do nothing, so they say they cannot be used yet.
  const triggers = ["Resize", "Terminate", "History", "Share", "Run again", "Start test"];
  const shown = page.getByRole("button", { name: new RegExp(`^(${triggers.join("|")})$`) });
  expect(await shown.count()).toBeGreaterThanOrEqual(4);
  for (const b of await shown.all()) await expect(b).toBeDisabled();
  for (const b of await page.getByRole("button", { name: /^Copy / }).all()) await expect(b).toBeDisabled();
  release();
  const resize = page.getByRole("button", { name: "Resize" });
  await expect(resize).toBeEnabled();
  await expect(page.getByRole("button", { name: "Terminate" })).toBeEnabled();

  // One click, no retry: enabled means it works.
  await resize.click();
  const resizeDialog = page.getByRole("dialog");
  await expect(resizeDialog.getByRole("button", { name: /Resize to/ })).toBeDisabled();
  const count = resizeDialog.getByRole("combobox", { name: "New node count" });
  await expect(count.locator("option:not([disabled])")).toHaveText(["4 nodes", "8 nodes", "16 nodes"]);
  await count.selectOption({ label: "4 nodes" });
  const rate = (offer.hourly_rate_per_node * 4).toFixed(2);
  await expect(resizeDialog.getByTestId("resize-new-rate")).toContainText(`New hourly rate $${rate}`);
  // What the offer allows is listed, and what the new rate does to the balance's runway.
  await expect(resizeDialog.getByText("Counts the offer allows: 4, 8 or 16.")).toBeVisible();
  await expect(resizeDialog.getByTestId("resize-new-runway")).toContainText(/Your balance then lasts \S+/);
  await resizeDialog.getByRole("button", { name: "Resize to 4 nodes" }).click();
  await expect(page.getByText(`Resizing ${cluster.name} to 4 nodes`)).toBeVisible();
  await expect(detail(page)).toHaveAttribute("data-status", "ready", { timeout: 120_000 });
  await expect(page.getByTestId("node-row")).toHaveCount(4);
  expect((await getCluster(key, cluster.id)).node_count).toBe(4);

  // One click, no retry: enabled means it works.
  await page.getByRole("button", { name: "Terminate" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Terminate ${cluster.name}?`);
  await expect(dialog.getByTestId("terminate-cost")).toHaveText(/^\$\d+\.\d\d$/);
  const confirm = dialog.getByRole("button", { name: "Terminate cluster" });
  await expect(confirm).toBeDisabled();
  const input = dialog.getByLabel(/to confirm/);
  await input.fill(cluster.name.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await input.fill(
    cluster.name.toUpperCase() === cluster.name ? `${cluster.name}x` : cluster.name.toUpperCase(),
  );
  await expect(confirm).toBeDisabled();
  // Cancel keeps it running.
  await dialog.getByRole("button", { name: "Keep it running" }).click();
  await expect(dialog).toBeHidden();
  expect((await getCluster(key, cluster.id)).status).toBe("ready");

  await openDialog(page, "Terminate", { role: "alertdialog" });
  await page
    .getByRole("alertdialog")
    .getByLabel(/to confirm/)
    .fill(cluster.name);
  await page.getByRole("alertdialog").getByRole("button", { name: "Terminate cluster" }).click();
  await expect(page.getByText(`Terminating ${cluster.name}`)).toBeVisible();
  await expect(detail(page)).toHaveAttribute("data-status", /terminating|terminated/);
  await expect(detail(page)).toHaveAttribute("data-status", "terminated", { timeout: 120_000 });
  await expect(page.getByTestId("live-status")).toContainText("no longer updating");
  expect((await getCluster(key, cluster.id)).status).toBe("terminated");
  // What the page shows is true of released machines: no snippets, no SSH to copy, no storage, no "ready" stage.
  await expect(page.getByRole("heading", { name: "Connect and launch" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Shared storage" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Copy SSH command for rank/ })).toHaveCount(0);
  await expect(page.getByTestId("node-row").first()).toContainText("released");
  await expect(page.getByTestId("node-row").first()).not.toContainText("ready");
});

test("a simulator outage raises the stale warning, keeps the data, and clears by itself", async ({
  page,
  request,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const cluster = await clusterWithLongTest(request, key);
  await page.goto(`/clusters/${cluster.id}`);
  await expect(page.getByTestId("test-running")).toBeVisible();
  await expect(page.getByTestId("stale-warning")).toHaveCount(0);

  await setFaults(key, { outage: true });
  const warning = page.getByTestId("stale-warning");
  // Three failed reads in a row: the next poll (2 s while the test runs, up to 25 s if it just finished), then 2 s
  // and 4 s of backoff.
  await expect(warning).toBeVisible({ timeout: 120_000 });
  await expect(warning).toContainText("Showing data from");
  await expect(warning).toContainText("Trying again in");
  // The last good data stays on screen.
  await expect(page.getByRole("heading", { level: 1, name: cluster.name })).toBeVisible();
  await expect(page.getByTestId("node-row")).toHaveCount(64);

  await clearFaults(key);
  await expect(warning).toBeHidden({ timeout: 120_000 });
  await expect(page.getByTestId("live-status")).toContainText(/Updated (\d+ s|just now)|no longer updating/);
});

test("each copy button puts the expected text on the clipboard; stack-specific tabs explain themselves", async ({
  page,
  context,
}) => {
  test.slow();
  const { api, clipboard } = await openReadyCluster(page, context, { stack: "slurm" });

  const conn = page.getByTestId("connection-card");
  const copies: Array<[string, string]> = [
    ["Copy head SSH command", api.connection!.head_ssh!],
    ["Copy environment variables", envExports(api.connection!.env)],
    ["Copy hostfile", api.connection!.hostfile!],
  ];
  for (const [name, expected] of copies) {
    await conn.getByRole("button", { name }).click();
    await expect.poll(clipboard).toBe(expected);
  }

  // Launcher tabs usable on a Slurm cluster, each with its own copy button.
  for (const [tab, field] of [
    ["torchrun", "torchrun"],
    ["mpirun", "mpirun"],
    ["DeepSpeed", "deepspeed"],
    ["sbatch", "sbatch"],
  ] as const) {
    await conn.getByRole("tab", { name: tab }).click();
    await conn.getByRole("button", { name: `Copy ${tab} command` }).click();
    await expect.poll(clipboard).toBe(api.connection!.snippets![field]!);
  }
  await expect(conn.getByRole("tab", { name: "kubectl tunnel" })).toBeDisabled();
  await expect(conn.getByRole("tab", { name: "Ray tunnel" })).toBeDisabled();
  await expect(conn.getByTestId("snippet-reason-kubectl_tunnel")).toContainText(
    "Needs the Kubernetes stack; this cluster runs Slurm.",
  );
  await expect(conn.getByTestId("snippet-reason-ray_tunnel")).toContainText("Needs the Ray stack");

  // Every node's ssh_command.
  for (const n of api.nodes ?? []) {
    await page.getByRole("button", { name: `Copy SSH command for rank ${n.rank}` }).click();
    await expect.poll(clipboard).toBe(n.ssh_command!);
  }
});

test("an unknown id, a malformed id and another user's cluster all answer not found, on the page, the API and Launch again; switching to the key that owns a cluster shows it without a reload", async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const { key: otherKey } = await seededAccountWithKey(otherPage);
  const { cluster: theirs } = await createCluster(otherKey);
  await other.close();

  const { key: personal } = await seededAccountWithKey(page);
  // The page decides before it streams (no loading boundary above it), so the status is a real 404.
  for (const id of [theirs.id, "00000000-0000-4000-8000-000000000000", "not..a..real..id"]) {
    const response = await page.goto(`/clusters/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Cluster not found" })).toBeVisible();
    await expect(page.getByText(theirs.name)).toHaveCount(0);
  }
  // The JSON route answers the same, never a 500.
  for (const id of [theirs.id, "nope%2F..%2Fbilling", "a%20b"]) {
    const r = await page.request.get(`/api/clusters/${id}`);
    expect(r.status()).toBe(404);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("not_found");
  }
  // Launch again from a cluster this key cannot see says so too.
  await page.goto(`/clusters/new?from=${theirs.id}`);
  await expect(page.getByRole("heading", { name: "Cluster not found" })).toBeVisible();
  await expect(page.getByText(theirs.name)).toHaveCount(0);

  // A cluster of another of this user's keys: not found under the active key, shown once that key is switched to.
  const team = freshKey();
  await page.goto("/settings/keys");
  await addKey(page, team, "Team");
  // The newest key is not active: Personal still is.
  await expect(page.getByTestId("active-key-switcher")).toHaveText(/Personal/);
  const { cluster } = await createCluster(team);
  expect(personal).not.toBe(team);

  await page.goto(`/clusters/${cluster.id}`);
  await expect(page.getByRole("heading", { name: "Cluster not found" })).toBeVisible();
  // A mark on this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { keptThroughSwitch: true }));
  await page.getByTestId("active-key-switcher").click();
  await page.getByRole("menuitem", { name: /Team/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: cluster.name })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("heading", { name: "Cluster not found" })).toHaveCount(0);
  expect(await page.evaluate(() => "keptThroughSwitch" in window)).toBe(true);
});
