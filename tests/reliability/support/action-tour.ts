/**
 * Every server action, found the way the browser finds it: a throwaway account goes once through each form and
 * button that calls one (sign-up, the key dialogs, the key switcher, an SSH key, a launch, an NCCL test, a resize,
 * a terminate, sign-out, sign-in), and each call's page and `Next-Action` header are recorded. The fuzzer then sends
 * hostile bodies to exactly those endpoints. A new action is covered once a step here uses it.
 */
import type { Browser, Page } from "@playwright/test";
import { addKey, freshKey, signUp } from "../../support/accounts";
import { waitHydrated } from "../../support/browser";
import { fillName, openCreateForm, pressLaunch } from "./launch";
import type { Stack } from "./stack";

export type RecordedAction = { step: string; id: string; page: string };

const SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHh0dGVzdGtleWZvcmUyZXRlc3RzMDEyMzQ1Njc4OQ tour@host";

async function click(page: Page, name: string | RegExp, role: "button" | "menuitem" = "button") {
  const target = page.getByRole(role, { name }).first();
  await waitHydrated(target);
  await target.click();
}

export async function recordActions(browser: Browser, stack: Stack): Promise<RecordedAction[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recorded = new Map<string, RecordedAction>();
  let step = "";
  page.on("request", (req) => {
    const id = req.headers()["next-action"];
    if (req.method() !== "POST" || !id || recorded.has(id)) return;
    const url = new URL(req.url());
    recorded.set(id, { step, id, page: `${url.pathname}${url.search}` });
  });
  const email = `tour-${Date.now().toString(36)}@example.com`;
  const password = "tour password 0123456789";
  const key = freshKey();
  try {
    step = "sign up";
    await signUp(page, { email, password, appUrl: stack.appUrl });
    step = "add a key";
    await addKey(page, key, "Tour");
    await addKey(page, freshKey(), "Spare");

    step = "switch the active key";
    const switcher = page.getByTestId("active-key-switcher");
    await waitHydrated(switcher);
    await switcher.click();
    await page
      .getByRole("menuitem")
      .filter({ hasText: /Tour|Spare/ })
      .filter({ hasNotText: "(active)" })
      .first()
      .click();
    await page.waitForTimeout(1_000);

    step = "replace a key";
    await click(page, "Replace Spare");
    await page.getByRole("dialog").getByLabel("API key").fill(freshKey());
    await page.getByRole("dialog").getByRole("button", { name: "Check and replace" }).click();
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 30_000 });

    step = "delete a key";
    await click(page, "Delete Spare");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete key" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "hidden", timeout: 30_000 });
    await page.getByTestId("key-row").filter({ hasText: "Spare" }).waitFor({ state: "detached" });

    step = "add an SSH key";
    await openCreateForm(page, stack.appUrl, stack.offer.id);
    await click(page, "Add a public key");
    await page.getByRole("textbox", { name: "Key name" }).fill("tour-key");
    await page.getByRole("textbox", { name: "Public key" }).fill(SSH_KEY);
    await page.getByRole("button", { name: "Add key" }).click();
    await page.getByRole("checkbox", { name: /tour-key/ }).waitFor({ timeout: 30_000 });

    step = "launch";
    await fillName(page, "tour");
    const launched = await pressLaunch(page);
    if (!launched.ok) throw new Error(`the tour's launch failed: ${launched.problem}`);
    await stack.sim.advance(3_600);
    await stack.sim.waitFor(key, launched.id, (c) => c.status === "ready", 60_000);

    step = "start a test";
    const start = page.getByTestId("nccl-card").getByRole("button", { name: /Start test/ });
    await start.waitFor();
    for (let i = 0; i < 600 && (await start.isDisabled()); i++) await page.waitForTimeout(100);
    await start.click();
    await page.getByText("NCCL test started").waitFor({ timeout: 30_000 });

    step = "resize";
    await click(page, "Resize");
    const dialog = page.getByRole("dialog");
    const count = dialog.getByRole("combobox", { name: "New node count" });
    const options = await count.locator("option:not([disabled])").allTextContents();
    const other = options.find((o) => /\d/.test(o));
    if (other) {
      await count.selectOption({ label: other });
      await dialog.getByRole("button", { name: /Resize to/ }).click();
      await page.waitForTimeout(2_000);
    }
    await page.keyboard.press("Escape");

    step = "terminate";
    await page.reload();
    await click(page, "Terminate");
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel(/to confirm/).fill("tour");
    await confirm.getByRole("button", { name: "Terminate cluster" }).click();
    await confirm.waitFor({ state: "hidden", timeout: 30_000 });

    step = "sign out";
    await click(page, "Account menu");
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/sign-in**");

    step = "sign in";
    const submit = page.getByRole("button", { name: "Sign in" });
    await waitHydrated(submit);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await submit.click();
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"), { timeout: 30_000 });
  } catch (e) {
    throw new Error(`action tour, step "${step}": ${(e as Error).message}`);
  } finally {
    await context.close();
  }
  return [...recorded.values()];
}
