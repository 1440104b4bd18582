import type { BrowserContext, Page } from "@playwright/test";
import type { Cluster } from "@/lib/runcrate/schemas";
import { createCluster, getCluster, waitForStatus } from "./sim";
import { signUpWithKey } from "./accounts";

/**
 * A new account with a ready cluster on the simulator, its page open, and the clipboard readable: what the specs of
 * the cluster page's tools start from. `beforeCreate` runs with the key before the cluster is made (simulator
 * variants). Returns the key, the cluster as the API reads it, and a reader of the clipboard.
 */
export async function openReadyCluster(
  page: Page,
  context: BrowserContext,
  opts: { stack?: string; nodes?: number; beforeCreate?: (key: string) => Promise<void> } = {},
): Promise<{ key: string; api: Cluster; clipboard: () => Promise<string> }> {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { key } = await signUpWithKey(page);
  await opts.beforeCreate?.(key);
  const { cluster } = await createCluster(key, { stack: opts.stack ?? "slurm", nodes: opts.nodes });
  await waitForStatus(key, cluster.id, "ready");
  const api = await getCluster(key, cluster.id);
  await page.goto(`/clusters/${cluster.id}`);
  return { key, api, clipboard: () => page.evaluate(() => navigator.clipboard.readText()) };
}
