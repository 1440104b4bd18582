import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { launchScript } from "@/lib/clusters/rank-commands";
import { sshConfig } from "@/lib/clusters/ssh-config";
import { setVariants } from "../support/sim";
import { openReadyCluster } from "../support/ready-cluster";
import { openDialog } from "../support/browser";

/** Per-rank commands with "Copy as script", and the SSH config, on a live cluster against the simulator. */

test("per-rank commands: one per machine with its rank; the script copied and downloaded is the generated one", async ({
  page,
  context,
}) => {
  test.slow();
  const { api } = await openReadyCluster(page, context, { nodes: 3, stack: "slurm" });

  const dialog = await openDialog(page, "Per-rank commands");
  const rows = dialog.getByTestId("rank-command");
  await expect(rows).toHaveCount(3);
  for (let r = 0; r < 3; r++) {
    await expect(rows.nth(r)).toContainText(`Rank ${r}`);
    await expect(rows.nth(r)).toContainText(`${api.name}-${r}`);
    await expect(rows.nth(r)).toContainText(`--node-rank=${r} `);
  }

  const expected = launchScript(api, "torchrun")!.script;
  await dialog.getByRole("button", { name: "Copy launch script" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Download script" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`launch-${api.name}-torchrun.sh`);
  const saved = readFileSync(await download.path(), "utf8");
  expect(saved).toBe(expected);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "cd-e2e-")), "launch.sh");
  writeFileSync(file, saved);
  expect(spawnSync("bash", ["-n", file]).status).toBe(0);
  expect(spawnSync("shellcheck", ["-s", "bash", file]).status).toBe(0);

  // mpirun runs on the head only; the other ranks say who starts them.
  await dialog.getByRole("tab", { name: "mpirun" }).click();
  await expect(rows.nth(1)).toContainText("Started by mpirun on rank 0");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Per-rank commands" })).toBeFocused();
});

test("SSH config: a Host per machine by the API's names; workers without an address go through the head", async ({
  page,
  context,
}) => {
  test.slow();
  const { api } = await openReadyCluster(page, context, {
    nodes: 3,
    stack: "slurm",
    beforeCreate: (k) => setVariants(k, ["private-workers"]),
  });

  const dialog = await openDialog(page, "SSH config");
  const text = dialog.getByTestId("ssh-config-text");
  const expected = sshConfig(api)!;
  await expect(text).toHaveText(expected, { useInnerText: true });
  for (const n of api.nodes!) await expect(text).toContainText(`Host ${n.name}\n`);
  await expect(text).toContainText(`ProxyJump ${api.name}-0`);
  await dialog.getByRole("button", { name: "Copy SSH config" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${api.name}.ssh-config`);
  expect(readFileSync(await download.path(), "utf8")).toBe(expected);

  // The script reaches the private workers the same way.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const ranks = await openDialog(page, "Per-rank commands");
  await ranks.getByRole("button", { name: "Copy launch script" }).click();
  const script = await page.evaluate(() => navigator.clipboard.readText());
  expect(script).toContain(`'-J' 'root@${api.nodes![0]!.ip}:`);
});
