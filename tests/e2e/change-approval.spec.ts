import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectAxeClean, waitHydrated } from "../support/browser";
import { pickOffer, smallestCount } from "../support/sim";
import { invite, join, ownerWithTeam, savePolicy } from "../support/teams";

/**
 * An extension past the team's policy, end to end: the member's Extend is refused naming the rule, with the way to
 * ask; the owner approves it on the request's page; the cluster's time limit grows by what was asked, once.
 */

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;

test(
  "a member's Extend past the policy → a request → the owner approves → the limit grows once",
  { tag: "@postgres" },
  async ({ page, browser }) => {
    test.slow();
    const { teamKey } = await ownerWithTeam(page, `Extends ${randomUUID().slice(0, 6)}`);
    const memberEmail = `extender-${randomUUID().slice(0, 8)}@example.com`;
    const link = await invite(page, memberEmail, "member");
    await savePolicy(page, { "Longest time limit": "2 h" });

    // The member launches with a one-hour limit, then asks for four more.
    const member = await join(browser, link, memberEmail, "member", []);
    const offer = await pickOffer(teamKey, { stack: "none" });
    await member.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=${smallestCount(offer)}`);
    await waitHydrated(member.getByRole("textbox", { name: "Name" }));
    const name = `long-run-${Date.now() % 100000}`;
    await member.getByRole("textbox", { name: "Name" }).fill(name);
    await member.getByLabel("Time limit", { exact: true }).fill("1 h");
    await member.getByRole("button", { name: "Launch cluster" }).click();
    await expect(member).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
    const clusterPath = new URL(member.url()).pathname;
    const extend = member.getByRole("button", { name: "Extend by 4 h" });
    await waitHydrated(extend);
    await extend.click();
    await expect(member.getByTestId("extend")).toContainText(
      "The team's policy allows a time limit of at most 2 h; this asks for 5 h.",
    );
    const ask = member.getByRole("group", { name: "Ask an admin to approve it" });
    await ask.getByLabel("Why it needs the exception").fill("The ablation needs the whole evening.");
    await expectAxeClean(member, "an extension refused by the policy, with the request form");
    await ask.getByRole("button", { name: "Send for approval" }).click();
    await expect(member.getByTestId("approval-sent")).toContainText(
      "the cluster's limits are extended if approved",
    );

    // The owner finds it under Approvals, marked as an extension, and approves it on its page.
    await page.goto("/approvals");
    const card = page.getByTestId("approval-card").filter({ hasText: name });
    await expect(card.getByTestId("approval-kind")).toHaveText("Extend");
    await card.getByRole("heading", { name }).getByRole("link").click();
    await expect(page.getByText(/Approving extends its limits now as/)).toBeVisible();
    await expectAxeClean(page, "an extension waiting for approval");
    const approve = page.getByRole("button", { name: "Approve and extend" });
    await waitHydrated(approve);
    await approve.click();
    await expect(page.getByText(`Approved: ${name} extended by 4 h.`)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Approve and extend" })).toHaveCount(0);

    // The member's cluster: five hours from its launch now (a minute or so of them gone).
    await member.goto(clusterPath);
    await expect(member.getByTestId("limits-line")).toContainText(/\(time limit\) · (5 h|4 h 5\d min) left/);
  },
);
