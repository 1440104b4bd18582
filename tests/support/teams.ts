import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { addKey, seededAccountWithKey, signUp } from "./accounts";
import { setBalance } from "./sim";
import { freshKey } from "./sim-client";
import { expectAxeClean, waitHydrated } from "./browser";
import { e2e } from "./e2e-env";

/** Steps the team journeys share (teams, approvals by webhook and by email, a change past the policy). */

/** On Settings → Team: an invite link for `email` with `role`. */
export async function invite(page: Page, email: string, role: "member" | "viewer"): Promise<string> {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption(role);
  await page.getByRole("button", { name: "Create invite link" }).click();
  const url = page.getByTestId("invite-url");
  await expect(url).toContainText("/invite/");
  await expect(page.getByTestId("invite-row").filter({ hasText: email })).toHaveCount(1);
  return (await url.textContent())!;
}

/** Every response a browser context gets from the app, headers and body, to look for the team's key in. */
export function recordResponses(context: BrowserContext): Array<Promise<string>> {
  const bodies: Array<Promise<string>> = [];
  context.on("response", (res) => {
    if (!res.url().startsWith(e2e.appUrl)) return;
    bodies.push(
      (async () => {
        // A response still arriving as the test closes its contexts cannot be read any more (after the check).
        const headers = await res.allHeaders().then(JSON.stringify, () => "");
        const body = await res.body().then(
          (b) => b.toString("utf8"),
          () => "", // redirects have no body
        );
        return `${res.url()}\n${headers}\n${body}`;
      })(),
    );
  });
  return bodies;
}

/** A new person in a browser of their own: signs up with `email`, opens the invite and joins. */
export async function join(
  browser: Browser,
  link: string,
  email: string,
  role: string,
  seen: Array<Promise<string>>[],
): Promise<Page> {
  const context = await browser.newContext();
  seen.push(recordResponses(context));
  const page = await context.newPage();
  // Signed out, the link asks for a sign-in first (and comes back to the invite after it).
  await page.goto(link);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Finvite%2F/);
  await signUp(page, { email });
  await page.goto(link);
  const button = page.getByRole("button", { name: `Join as ${role}` });
  await waitHydrated(button);
  if (role === "viewer") await expectAxeClean(page, "an invite");
  await button.click();
  await expect(page).toHaveURL(/\/clusters$/);
  return page;
}

/**
 * An owner (a seeded account, signed in on `page`) makes a shared team named `name` and stores its key, funded on the
 * simulator; `page` is left on Settings → Team.
 */
export async function ownerWithTeam(page: Page, name: string) {
  const teamKey = freshKey();
  await setBalance(teamKey, 10_000);
  const owner = await seededAccountWithKey(page);
  await page.goto("/settings/team");
  await waitHydrated(page.getByRole("button", { name: "Create team" }));
  await page.getByLabel("Team name").fill(name);
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name: "The team’s Runcrate key" })).toBeVisible();
  await addKey(page, teamKey, "Team key");
  return { owner, teamKey };
}

/** On Settings → Team, for an admin: fills the policy form's fields (by their labels) and saves it. */
export async function savePolicy(page: Page, fields: Record<string, string>) {
  const form = page.getByRole("form", { name: "Team policy" });
  await waitHydrated(form.getByRole("button", { name: "Save policy" }));
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
  await form.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Policy saved")).toBeVisible();
}

/** Opens the create form for `offerId` at `nodes`, names the cluster and presses Launch (the page stays where it lands). */
export async function pressLaunch(page: Page, offerId: string, nodes: number, name: string) {
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offerId)}&nodes=${nodes}`);
  await waitHydrated(page.getByRole("textbox", { name: "Name" }));
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("button", { name: "Launch cluster" }).click();
}
