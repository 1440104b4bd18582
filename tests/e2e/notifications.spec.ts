import { expect, test, type Page } from "@playwright/test";
import { createHmac, randomUUID } from "node:crypto";
import { pickOffer, setBalance, simClusters, smallestCount } from "../support/sim";
import { invite, join, ownerWithTeam, pressLaunch, savePolicy } from "../support/teams";
import { startReceiver, startSmtp } from "../notifications/support/receivers";
import { seededAccountWithKey } from "../support/accounts";
import { waitHydrated } from "../support/browser";

/**
 * Notifications end to end: the app server (playwright.config.ts: WEBHOOK_ALLOW_PRIVATE=1, SMTP_URL at E2E_SMTP_PORT,
 * retries from 1 s) delivers what its guardian observes to a local webhook receiver, a local SMTP server and the
 * inbox. Launch → ready → terminate gives one delivery per event per channel; the receiver answers 500 twice first
 * and still gets each event once in the end. A team's owner approves a member's launch from the link in the email.
 * Both tests use the one local SMTP server's port, so this file's tests run one after the other.
 */

test.describe.configure({ mode: "default" });

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** Email waits for a verified address: the link mailed there, opened signed in, confirms it. */
async function verifyAddress(page: Page, smtp: Smtp, email: string) {
  await page.goto("/settings/inbox");
  const sendLink = page.getByRole("button", { name: "Send a verification link" });
  await waitHydrated(sendLink);
  await sendLink.click();
  await expect(page.getByTestId("email-status")).toContainText("A link is on its way");
  const verification = () =>
    smtp.messages.filter((m) => m.to.includes(email) && m.raw.includes("Verify your email address"));
  await expect.poll(() => verification().length, { timeout: 60_000 }).toBe(1);
  const mailed = verification()[0]!.raw.replace(/=\r?\n/g, "");
  const link = /https?:\/\/[^\s"<>]+(\/verify-email\/[A-Za-z0-9_-]{43})/.exec(mailed)?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
  const verify = page.getByRole("button", { name: `Verify ${email}` });
  await waitHydrated(verify);
  await verify.click();
  await expect(page).toHaveURL(/\/settings\/inbox$/);
  await expect(page.getByTestId("email-status")).toHaveText(`Email goes to ${email}, verified.`);
}

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3110);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? APP_PORT + 2000);
const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;

/** What the README's receiver snippet checks. */
function verified(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex");
  return expected === parts.v1 && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

test("launch → ready → terminate: each event once per channel, through a receiver that fails twice first", async ({
  page,
}) => {
  test.slow();
  const receiver = await startReceiver([500, 500]);
  const smtp = await startSmtp(SMTP_PORT);
  try {
    const { email, key } = await seededAccountWithKey(page);

    await verifyAddress(page, smtp, email);

    // Email for ready and terminated too (the defaults are failures, limits and low balances).
    await waitHydrated(page.getByRole("button", { name: "Save notification settings" }));
    await page.getByRole("checkbox", { name: "Cluster ready: email" }).check();
    await page.getByRole("checkbox", { name: "Cluster terminated: email" }).check();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.getByText("Notification settings saved")).toBeVisible();

    await page.goto("/settings/webhooks");
    await waitHydrated(page.getByRole("button", { name: "Add webhook" }));
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByRole("button", { name: "Add webhook" }).click();
    const secret = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.reload();
    // Shown once: gone after a reload, and nowhere in the page.
    await expect(page.getByTestId("webhook")).toHaveCount(1);
    expect(await page.content()).not.toContain(secret);

    await setBalance(key, 10_000);
    const offer = await pickOffer(key, { stack: "none" });
    await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=${smallestCount(offer)}`);
    await waitHydrated(page.getByRole("textbox", { name: "Name" }));
    const name = `notify-${Date.now() % 100000}`;
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("button", { name: "Launch cluster" }).click();
    await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
    const id = page.url().split("/").pop()!;

    // The guardian sees it ready (every 5 s); the webhook fails twice, then takes it.
    const ok = (event: string) =>
      receiver.received.filter((r) => r.status === 200 && JSON.parse(r.body).event === event);
    await expect.poll(() => ok("cluster-ready").length, { timeout: 120_000, intervals: [500] }).toBe(1);

    const dialog = page.getByRole("alertdialog");
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Terminate" }).click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 120_000 });
    await dialog.getByLabel(/to confirm/).fill(name);
    await dialog.getByRole("button", { name: "Terminate cluster" }).click();
    await expect.poll(() => ok("cluster-terminated").length, { timeout: 120_000, intervals: [500] }).toBe(1);
    // The e2e app server is shared by every spec: mail for other specs' accounts (their failures and limits, retried
    // until an SMTP server answers) can arrive here too. This account's mail is what this test is about.
    const mine = () =>
      smtp.messages.filter((m) => m.to.includes(email) && !m.raw.includes("Verify your email address"));
    await expect.poll(() => mine().length, { timeout: 120_000 }).toBe(2);
    // A duplicate sent before the termination's delivery is counted below; that none comes later, from a second guard
    // run or a retried job on another worker, is the exactly-once tests' (tests/notifications/two-workers.test.ts).

    const events = receiver.received.map(
      (r) => JSON.parse(r.body) as { event: string; id: string; cluster: { id: string } },
    );
    expect(events.map((e) => e.event).sort()).toEqual([
      "cluster-ready",
      "cluster-ready",
      "cluster-ready",
      "cluster-terminated",
    ]);
    expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 200, 200]);
    // Every attempt of one event is the same delivery, signed with the secret shown once.
    const ready = receiver.received.filter((r) => JSON.parse(r.body).event === "cluster-ready");
    expect(new Set(ready.map((r) => r.headers["clusterdeck-delivery"])).size).toBe(1);
    for (const r of receiver.received) {
      expect(verified(secret, String(r.headers["clusterdeck-signature"]), r.body)).toBe(true);
      expect(r.body).not.toContain(key);
      expect(r.body).not.toContain(secret);
    }
    const terminated = JSON.parse(ok("cluster-terminated")[0]!.body) as {
      cluster: { id: string; name: string };
      details: { terminatedBy: string };
      cost: { total: number };
    };
    expect(terminated.cluster).toMatchObject({ id, name });
    expect(terminated.details.terminatedBy).toBe("you");
    expect(terminated.cost.total).toBeGreaterThanOrEqual(0);

    expect(mine().map((m) => m.to)).toEqual([[email], [email]]);
    expect(
      mine()
        .map((m) => /Subject: \[Clusterdeck\] (.*)/.exec(m.raw)?.[1])
        .sort(),
    ).toEqual([`${name} is ready`, `${name} was terminated`].sort());

    // The inbox: one entry per event, newest first; the bell counts them and marks them read.
    await page.goto("/settings/webhooks");
    const deliveries = page.getByTestId("delivery");
    await expect(deliveries).toHaveCount(2);
    await expect(page.getByTestId("delivery-attempt").filter({ hasText: "500" })).toHaveCount(2);
    await page.goto("/clusters");
    const bell = page.getByTestId("notification-bell");
    await expect(page.getByTestId("notification-unread")).toHaveText("2");
    await waitHydrated(bell);
    await bell.click();
    const items = page.getByTestId("notification-item");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toHaveAttribute("data-kind", "cluster-terminated");
    await expect(items.nth(1)).toHaveAttribute("data-kind", "cluster-ready");
    await expect(items.nth(0)).toHaveAttribute("href", `/clusters/${id}`);
    await page.getByTestId("notification-mark-all").click();
    await expect(page.getByTestId("notification-unread")).toHaveCount(0);
    await expect(bell).toHaveAccessibleName("Notifications");
  } finally {
    await receiver.close();
    await smtp.close();
  }
});

test("Send test delivers a signed test event and logs the attempt", async ({ page }) => {
  test.slow();
  const receiver = await startReceiver();
  try {
    await seededAccountWithKey(page);
    await page.goto("/settings/webhooks");
    await waitHydrated(page.getByRole("button", { name: "Add webhook" }));
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByRole("radio", { name: /Slack-compatible/ }).check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByTestId("webhook")).toHaveCount(1);
    await page.getByRole("button", { name: "Send test" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 120_000 }).toBe(1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      text: "*Test delivery*: This is a test delivery from Clusterdeck. Your webhook is set up.",
    });
    await expect(page.getByTestId("delivery")).toHaveAttribute("data-status", "delivered", {
      timeout: 10_000,
    });
    await expect(page.getByTestId("delivery-attempt")).toContainText("200");
  } finally {
    await receiver.close();
  }
});

test("a member's launch outside the policy → the owner approves from the email's link → one cluster", async ({
  page,
  browser,
}) => {
  test.slow();
  const smtp = await startSmtp(SMTP_PORT);
  try {
    const { owner, teamKey } = await ownerWithTeam(page, `Mailed ${randomUUID().slice(0, 6)}`);
    const memberEmail = `mailed-${randomUUID().slice(0, 8)}@example.com`;
    const link = await invite(page, memberEmail, "member");
    await savePolicy(page, { "GPU types allowed": "NoSuchGPU" });
    await verifyAddress(page, smtp, owner.email);

    const member = await join(browser, link, memberEmail, "member", []);
    const offer = await pickOffer(teamKey, { stack: "none" });
    const name = `mailed-${Date.now() % 100000}`;
    await pressLaunch(member, offer.id, smallestCount(offer), name);
    const ask = member
      .getByTestId("launch-problem")
      .getByRole("group", { name: "Ask an admin to approve it" });
    await ask.getByLabel("Why it needs the exception").fill("The deadline is tomorrow.");
    await ask.getByRole("button", { name: "Send for approval" }).click();
    await expect(member.getByTestId("approval-sent")).toContainText("Sent to the team's admin");

    // The owner's email: the request, with an Approve link signed for the owner.
    const requested = () =>
      smtp.messages
        .filter((m) => m.to.includes(owner.email))
        .map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
        .find((raw) => raw.includes(name) && raw.includes("/approvals/link/"));
    await expect.poll(requested, { timeout: 60_000 }).toBeDefined();
    const approve = /https?:\/\/[^\s"<>]+(\/approvals\/link\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(
      requested()!,
    )?.[1];
    expect(approve).toBeDefined();
    await page.goto(approve!);
    await expect(page.getByRole("heading", { name: "Approve this launch?" })).toBeVisible();
    const press = page.getByRole("button", { name: "Approve and launch" });
    await waitHydrated(press);
    await press.click();
    await expect(page.getByText(`Approved: ${name} is launching.`)).toBeVisible({ timeout: 60_000 });
    await expect.poll(async () => (await simClusters(teamKey)).filter((c) => c.name === name).length).toBe(1);
  } finally {
    await smtp.close();
  }
});
