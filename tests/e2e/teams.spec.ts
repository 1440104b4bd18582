import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { invite, join, ownerWithTeam } from "../support/teams";
import { expectAxeClean, waitHydrated } from "../support/browser";
import { pickOffer, smallestCount } from "../support/sim";

/**
 * A team's whole journey across three people: an owner makes a team and stores its key, invites a member and a
 * viewer; the member launches with the team's key (never seeing it); the viewer sees the cluster and cannot act; the
 * owner ends it with a reason; the member is told; the audit keeps each step.
 */

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;

test(
  "an owner's team: a member launches with the team's key, a viewer only looks, the owner ends it with a reason",
  { tag: "@postgres" },
  async ({ page, browser }) => {
    test.slow();
    const team = `Research ${randomUUID().slice(0, 6)}`;

    // The owner: a team, its key, and two invites.
    const { owner, teamKey } = await ownerWithTeam(page, team);
    await expect(page.getByTestId("active-key-switcher")).toHaveText(team);
    const memberEmail = `member-${randomUUID().slice(0, 8)}@example.com`;
    const viewerEmail = `viewer-${randomUUID().slice(0, 8)}@example.com`;
    const memberLink = await invite(page, memberEmail, "member");
    const viewerLink = await invite(page, viewerEmail, "viewer");
    // The page in its fullest state (a team key, members, invites waiting, a link shown) holds to the a11y rules.
    await expectAxeClean(page, "Settings → Team of a shared team");
    // A policy the member's launch keeps: the member reads it on Settings → Team and beside the create form.
    const offer = await pickOffer(teamKey, { stack: "none" });
    const policyForm = page.getByRole("form", { name: "Team policy" });
    await waitHydrated(policyForm.getByRole("button", { name: "Save policy" }));
    await policyForm.getByLabel("Most nodes per cluster").fill(String(smallestCount(offer)));
    await policyForm.getByRole("button", { name: "Save policy" }).click();
    await expect(page.getByText("Policy saved")).toBeVisible();
    // A budget per member: the member's launch (no time limit: it holds its rate to the month's end) fits it.
    const budgetForm = page.getByRole("form", { name: "Team budget" });
    await budgetForm.getByLabel("Budget per member per period ($)").fill("1,000,000");
    await budgetForm.getByRole("button", { name: "Save budget" }).click();
    await expect(page.getByText("Budget saved")).toBeVisible();
    await expect(page.getByTestId("budget-standing")).toContainText(
      "Each member: $1,000,000.00 a month from day 1",
    );
    // The offers list marks what the policy would refuse at the count chosen, with why, and keeps it listed.
    await page.goto("/offers?nodes=8");
    await expect(page.getByTestId("outside-policy").first()).toContainText("this asks for 8");
    await expectAxeClean(page, "offers marked by the team's policy");
    await page.goto("/settings/team");

    // The member joins, sees the team's key by its label only, and launches with it.
    const seen: Array<Promise<string>>[] = [];
    const member = await join(browser, memberLink, memberEmail, "member", seen);
    await expect(member.getByTestId("active-key-switcher")).toHaveText(team);
    await member.goto("/settings/team");
    await expect(member.getByTestId("team-key")).toContainText("Team key");
    expect(await member.content()).not.toContain(teamKey.slice(-4));
    // (A new policy keeps community hosts off unless allowed; the member's offer is a datacenter one.)
    await expect(member.getByTestId("policy-lines").getByRole("listitem")).toHaveText([
      `At most ${smallestCount(offer)} node${smallestCount(offer) === 1 ? "" : "s"} per cluster`,
      "No community hosts",
    ]);
    await member.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=${smallestCount(offer)}`);
    const name = `team-${Date.now() % 100000}`;
    await waitHydrated(member.getByRole("textbox", { name: "Name" }));
    await expect(member.getByTestId("policy-note")).toContainText("The team's policy: At most");
    await expect(member.getByTestId("policy-note")).not.toHaveAttribute("role", "alert");
    await expect(member.getByTestId("budget-note")).toContainText("this launch would hold $");
    await expect(member.getByTestId("budget-note")).not.toHaveAttribute("role", "alert");
    await member.getByRole("textbox", { name: "Name" }).fill(name);
    await member.getByRole("button", { name: "Launch cluster" }).click();
    await expect(member).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
    const clusterPath = new URL(member.url()).pathname;
    await expect(member.getByRole("button", { name: "Terminate" })).toBeVisible();
    await expect(member.getByTestId("permissions-note")).toHaveCount(0);
    // The Spend page shows the member's budget, with the running cluster's hold counted.
    await member.goto("/spend");
    await expect(member.getByTestId("budget-meter")).toContainText("Your budget");
    await expect(member.getByTestId("budget-meter")).toContainText("held by running clusters");
    // And the team's spend this period, by member: the member's running cluster is theirs.
    await expect(member.getByTestId("team-spend-row").filter({ hasText: memberEmail })).toContainText("1");
    // By GPU type: the offer's.
    await expect(member.getByTestId("gpu-type-row").first()).toContainText(offer.gpu_type);
    await expectAxeClean(member, "Spend with the team's budgets");

    // An override for one member: no rule on nodes for them. The owner adds it; the member reads the rules for them.
    await page.goto("/settings/team");
    const overrides = page.getByTestId("policy-overrides");
    await waitHydrated(overrides.getByRole("button", { name: "Add an override" }));
    await overrides.getByRole("button", { name: "Add an override" }).click();
    const overrideForm = page.getByRole("form", { name: "Policy override" });
    await overrideForm.getByLabel("For", { exact: true }).selectOption({ label: memberEmail });
    await overrideForm.getByLabel("Most nodes per cluster").fill("none");
    await overrideForm.getByRole("button", { name: "Save override" }).click();
    await expect(page.getByText("Override saved")).toBeVisible();
    await expect(overrides.getByRole("listitem")).toHaveText([
      new RegExp(`${memberEmail}.*Any number of nodes`),
    ]);
    await expectAxeClean(page, "a team policy with an override");
    await member.goto("/settings/team");
    await expect(member.getByText(/The rules for you/)).toBeVisible();
    await expect(member.getByTestId("policy-lines").getByRole("listitem")).toHaveText(["No community hosts"]);

    // The viewer sees it, by whom it was launched, and no way to act on it.
    const viewer = await join(browser, viewerLink, viewerEmail, "viewer", seen);
    const row = viewer.getByTestId("cluster-row").filter({ hasText: name });
    await expect(row.getByTestId("row-launched-by")).toHaveText(memberEmail, { timeout: 60_000 });
    await viewer.goto(clusterPath);
    await expect(viewer.getByTestId("permissions-note")).toHaveText(
      `Launched by ${memberEmail}. Viewers can see the team's clusters but take no action.`,
    );
    await expect(viewer.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Terminate" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Share" })).toHaveCount(0);

    // The owner could hand it to another member: the dialog names whose it is and who may take it (not a viewer).
    await page.goto(clusterPath);
    const handOn = page.getByRole("button", { name: "Hand on" });
    await waitHydrated(handOn);
    await handOn.click();
    const handDialog = page.getByRole("dialog", { name: `Hand ${name} on` });
    await expect(handDialog).toContainText(`It is ${memberEmail}'s now.`);
    await expect(handDialog.getByLabel("Hand it to").locator("option")).toHaveCount(1);
    await expect(handDialog.getByLabel("Hand it to")).toContainText(owner.email);
    await expectAxeClean(page, "the hand-on dialog", { include: '[role="dialog"]' });
    await handDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(handDialog).toBeHidden();

    // The owner ends it, saying why.
    const terminate = page.getByRole("button", { name: "Terminate" });
    await waitHydrated(terminate);
    await terminate.click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel(/to confirm/).fill(name);
    await expect(dialog.getByRole("button", { name: "Terminate cluster" })).toBeDisabled();
    await dialog.getByLabel("Why? Its owner is told").fill("Over the team's budget");
    await dialog.getByRole("button", { name: "Terminate cluster" }).click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });

    // The member is told who and why; the audit keeps each step.
    await member.goto("/settings/inbox");
    await expect(
      member.getByTestId("inbox-entry").filter({
        hasText: `${owner.email} terminated ${name}, a cluster you launched. Their reason: Over the team's budget`,
      }),
    ).toHaveCount(1);
    // The member reads the team's log: both joins, the launch; narrowed to themselves, their own two entries.
    await member.goto("/settings/audit");
    await expect(
      member.getByRole("row").filter({ hasText: "Launched" }).filter({ hasText: name }),
    ).toHaveCount(1);
    await expect(member.getByRole("row").filter({ hasText: "Joined" })).toHaveCount(2);
    await member.getByLabel("Person").selectOption({ label: memberEmail });
    await member.getByRole("button", { name: "Show" }).click();
    await expect(member).toHaveURL(/[?&]person=/);
    await expect(member.getByRole("row").filter({ hasText: "Joined" })).toHaveCount(1);
    await expect(member.getByRole("row").filter({ hasText: viewerEmail })).toHaveCount(0);
    await page.goto("/settings/audit");
    const audit = page.getByRole("row");
    await expect(
      audit.filter({ hasText: "Terminated" }).filter({ hasText: "reason: Over the team's budget" }),
    ).toHaveCount(1);
    await expect(audit.filter({ hasText: "Team key added" })).toHaveCount(1);
    await expect(audit.filter({ hasText: "Invited" })).toHaveCount(2);
    // A cluster's history in a team is the team's log narrowed to it: everyone's entries for it, nothing else.
    await audit
      .filter({ hasText: "Terminated" })
      .getByRole("link", { name: `History of ${name}` })
      .click();
    await expect(page).toHaveURL(/[?&]cluster=/);
    await expect(page.getByLabel("Cluster").locator("option:checked")).toContainText(name);
    await expect(audit.filter({ hasText: "Launched" }).filter({ hasText: memberEmail })).toHaveCount(1);
    await expect(audit.filter({ hasText: "Terminated" })).toHaveCount(1);
    await expect(audit.filter({ hasText: "Invited" })).toHaveCount(0);

    // The owner makes the viewer a member, then takes the member off the team, handing the cluster they launched to
    // the owner: the member no longer sees the team's clusters, and both changes are in the audit.
    await page.goto("/settings/team");
    const viewerRole = page.getByLabel(`Role of ${viewerEmail}`);
    await waitHydrated(viewerRole);
    await expectAxeClean(page, "Settings → Team with members to manage");
    await viewerRole.selectOption("member");
    await expect(viewerRole).toHaveValue("member");
    await page.getByRole("button", { name: `Remove ${memberEmail}` }).click();
    const removeDialog = page.getByRole("alertdialog");
    await expect(removeDialog).toContainText(`They launched one cluster here: ${name}.`);
    await expect(removeDialog.getByLabel("Their clusters go to")).toHaveValue(/.+/);
    await expect(removeDialog.getByLabel("Their clusters go to").locator("option:checked")).toHaveText(
      `You (${owner.email})`,
    );
    await expectAxeClean(page, "the remove-member dialog", { include: '[role="alertdialog"]' });
    await removeDialog.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(removeDialog).toBeHidden();
    await expect(page.getByTestId("member-row").filter({ hasText: memberEmail })).toHaveCount(0);
    await member.goto(clusterPath);
    await expect(member.getByRole("heading", { level: 1, name })).toHaveCount(0);
    await page.goto("/settings/audit");
    await expect(
      audit.filter({ hasText: "Role changed" }).filter({ hasText: "viewer → member" }),
    ).toHaveCount(1);
    await expect(
      audit
        .filter({ hasText: "Removed" })
        .filter({ hasText: `${memberEmail} · 1 cluster to ${owner.email}` }),
    ).toHaveCount(1);
    // The log as shown, as a download.
    const csvHref = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const csv = await (await page.request.get(csvHref!)).text();
    expect(csv).toContain(`,member-removed,${owner.email},`);

    // With its only cluster ended, the owner deletes the team; the former viewer is back on their own keys.
    await page.goto("/settings/team");
    const deleteTeam = page.getByRole("button", { name: "Delete team", exact: true });
    await waitHydrated(deleteTeam);
    await deleteTeam.click();
    const deleteDialog = page.getByRole("alertdialog");
    await expectAxeClean(page, "the delete-team dialog", { include: '[role="alertdialog"]' });
    await deleteDialog.getByLabel(/to confirm/).fill(team);
    // Until the guardian has seen the cluster end, the server refuses (it names the cluster) and the dialog stays.
    await expect(async () => {
      await deleteDialog.getByRole("button", { name: "Delete team", exact: true }).click();
      await expect(deleteDialog).toBeHidden({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    await expect(page.getByTestId("active-key-switcher")).not.toHaveText(team);
    await viewer.goto("/settings/team");
    await expect(viewer.getByRole("heading", { name: "Members" })).toHaveCount(0);

    // Nothing the member's or the viewer's browser got carries the team's key, nor even its last 4 as a key shows them.
    const texts = await Promise.all(seen.flat());
    expect(texts.length).toBeGreaterThan(20);
    for (const shown of [teamKey, teamKey.slice(0, -4), `••••${teamKey.slice(-4)}`, `…${teamKey.slice(-4)}`])
      expect(texts.filter((t) => t.includes(shown)).map((t) => t.split("\n")[0])).toEqual([]);
  },
);
