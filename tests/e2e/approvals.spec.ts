import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectAxeClean, waitHydrated } from "../support/browser";
import { pickOffer, simClusters, smallestCount } from "../support/sim";
import { invite, join, ownerWithTeam, pressLaunch, savePolicy } from "../support/teams";
import { startReceiver } from "../notifications/support/receivers";

/**
 * Approvals end to end: a member's launch outside the team's policy is refused with the way to ask; the request
 * reaches the owner's webhook with an approve link signed for them; opened signed in, the link asks for a press, and
 * the press launches one cluster as the member. The link then decides nothing more, and the member sees the outcome.
 */

test(
  "a member's launch outside the policy → a request → the owner approves from the webhook's link → one cluster",
  { tag: "@postgres" },
  async ({ page, browser }) => {
    test.slow();
    const receiver = await startReceiver();
    try {
      const { owner, teamKey } = await ownerWithTeam(page, `Approvals ${randomUUID().slice(0, 6)}`);
      const memberEmail = `asker-${randomUUID().slice(0, 8)}@example.com`;
      const link = await invite(page, memberEmail, "member");
      // A policy no offer keeps: every launch needs an approval.
      await savePolicy(page, { "GPU types allowed": "NoSuchGPU" });
      // The owner's webhook gets every event, with the approve and deny links in it.
      await page.goto("/settings/webhooks");
      await waitHydrated(page.getByRole("button", { name: "Add webhook" }));
      await page.getByLabel("URL").fill(receiver.url);
      await page.getByRole("button", { name: "Add webhook" }).click();
      await expect(page.getByTestId("webhook")).toHaveCount(1);

      // The member's launch is refused, naming the rule, with the way to ask.
      const member = await join(browser, link, memberEmail, "member", []);
      const offer = await pickOffer(teamKey, { stack: "none" });
      const name = `asked-${Date.now() % 100000}`;
      await pressLaunch(member, offer.id, smallestCount(offer), name);
      const problem = member.getByTestId("launch-problem");
      await expect(problem).toContainText("The team's policy allows NoSuchGPU");
      const ask = problem.getByRole("group", { name: "Ask an admin to approve it" });
      await ask.getByLabel("Why it needs the exception").fill("The only GPUs free for the deadline.");
      await expectAxeClean(member, "a launch refused by the policy, with the request form");
      await ask.getByRole("button", { name: "Send for approval" }).click();
      await expect(member.getByTestId("approval-sent")).toContainText("Sent to the team's admin");
      expect(await simClusters(teamKey)).toEqual([]);

      // The owner's webhook: the request, with an Approve link signed for the owner.
      const requested = async () =>
        receiver.received
          .map((r) => JSON.parse(r.body) as { event: string; actions: { label: string; url: string }[] })
          .find((b) => b.event === "approval-requested");
      await expect.poll(requested, { timeout: 60_000 }).toBeDefined();
      const approve = (await requested())!.actions.find((a) => a.label === "Approve")!.url;
      expect(approve).toMatch(/\/approvals\/link\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

      // Opening it decides nothing (a mail scanner may open it); the owner presses Approve.
      await page.goto(approve);
      await expect(page.getByRole("heading", { name: "Approve this launch?" })).toBeVisible();
      await expect(page.getByTestId("approval-card")).toContainText("The only GPUs free for the deadline.");
      await expectAxeClean(page, "an approve link, opened");
      const press = page.getByRole("button", { name: "Approve and launch" });
      await waitHydrated(press);
      await press.click();
      await expect(page.getByText(`Approved: ${name} is launching.`)).toBeVisible({ timeout: 60_000 });
      await expect
        .poll(async () => (await simClusters(teamKey)).filter((c) => c.name === name).length)
        .toBe(1);

      // Used: the link decides nothing more, and says who decided.
      await page.goto(approve);
      await expect(page.getByRole("heading", { name: "This link decides nothing" })).toBeVisible();
      await expect(page.getByText(`This request was already approved by ${owner.email}.`)).toBeVisible();

      // The member sees the outcome and reaches the cluster from it.
      await member.goto("/approvals");
      const card = member.getByTestId("approval-card").filter({ hasText: name });
      await expect(card.getByTestId("approval-status")).toHaveText("Approved");
      await card.getByRole("heading", { name }).getByRole("link").click();
      await expect(member).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
      await expectAxeClean(member, "an approved request");
      await member.getByTestId("approval-card").getByRole("link", { name }).click();
      await expect(member).toHaveURL(/\/clusters\/[0-9a-f-]{36}$/);
      await expect(member.getByRole("heading", { level: 1, name })).toBeVisible();
      expect((await simClusters(teamKey)).filter((c) => c.name === name)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  },
);
