/**
 * The create form driven the way a person drives it: open it for an offer, name the cluster, press "Launch cluster",
 * and read the outcome off the page — the cluster page it lands on, or the problem it shows above the button.
 */
import type { Page, Response } from "@playwright/test";
import { waitHydrated } from "../../support/browser";

export const CLUSTER_URL = /\/clusters\/([0-9a-f-]{36})$/;

const launchButton = (page: Page) => page.getByRole("button", { name: "Launch cluster" });

/**
 * Opens /clusters/new for the offer until the form shows: under injected upstream faults the page itself may fail to
 * load the offer, and a person would reload.
 */
export async function openCreateForm(page: Page, appUrl: string, offerId: string, tries = 6): Promise<void> {
  const url = `${appUrl}/clusters/new?offer=${encodeURIComponent(offerId)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url, { timeout: 60_000 });
      await waitHydrated(launchButton(page), 20_000);
      return;
    } catch (e) {
      if (attempt >= tries) throw e;
      await page.waitForTimeout(500);
    }
  }
}

export async function fillName(page: Page, name: string): Promise<void> {
  await page.getByRole("textbox", { name: "Name" }).fill(name);
}

export type LaunchOutcome = { statuses: number[] } & (
  { ok: true; id: string } | { ok: false; problem: string; retrySafe: boolean }
);

/**
 * Presses Launch once and waits for the page to answer: the cluster page, or a problem. `statuses` holds the
 * HTTP status of the action call(s) the press made (the form turns a failed call into a problem message, so a 500
 * would otherwise look like any other retry-safe failure).
 */
export async function pressLaunch(page: Page, timeoutMs = 120_000): Promise<LaunchOutcome> {
  const statuses: number[] = [];
  const onResponse = (res: Response) => {
    const req = res.request();
    if (req.method() === "POST" && req.headers()["next-action"]) statuses.push(res.status());
  };
  page.on("response", onResponse);
  try {
    const answered = page.waitForResponse(
      (res) => res.request().method() === "POST" && !!res.request().headers()["next-action"],
      { timeout: timeoutMs },
    );
    await launchButton(page).click();
    await answered.catch(() => undefined);
    const problem = page.getByTestId("launch-problem").or(page.getByTestId("balance-problem"));
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = CLUSTER_URL.exec(new URL(page.url()).pathname);
      if (m) return { ok: true, id: m[1] as string, statuses };
      if (await problem.first().isVisible()) {
        const text = (await problem.first().innerText()).trim();
        return { ok: false, problem: text, retrySafe: /Retrying is safe/.test(text), statuses };
      }
      if (Date.now() > until) throw new Error(`no outcome ${timeoutMs} ms after pressing Launch`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off("response", onResponse);
  }
}

/** Opens the form, names the cluster and launches it; the cluster's id, or an error with the page's problem. */
export async function launchInPage(
  page: Page,
  appUrl: string,
  offerId: string,
  name: string,
): Promise<string> {
  await openCreateForm(page, appUrl, offerId);
  await fillName(page, name);
  const r = await pressLaunch(page);
  if (!r.ok) throw new Error(`launch failed: ${r.problem}`);
  return r.id;
}
