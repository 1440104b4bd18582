import { expect, test, type Page } from "@playwright/test";
import { seededAccount } from "../support/accounts";

/**
 * The console shell: navigation, theme, narrow-screen menu and the 404 page. Assertions are about the shell, not the
 * page bodies (those belong to the pages' own specs). axe checks the shell's regions on every page, in both themes,
 * in a11y.spec.ts.
 */

/** Every console page needs a session: sign up a fresh user (lands on /settings/keys), then open the offers page. */
async function openConsole(page: Page) {
  await seededAccount(page);
  await page.goto("/offers");
}

const html = (page: Page) => page.locator("html");

async function chooseTheme(page: Page, name: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name }).click();
  await expect(page.getByRole("menu")).toBeHidden();
}

test.describe("console shell", () => {
  test("renders its landmarks, skip link, navigation and simulator notice; the root and an unknown address lead somewhere", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page);

    // The skip link is the first stop and moves focus to the main content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#content")).toBeFocused();

    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(["Offers", "Clusters", "Spend", "Settings"]);
    await expect(nav.getByRole("link", { name: "Offers" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Clusters" })).not.toHaveAttribute("aria-current", /.*/);

    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("Offers");
    await expect(page.getByRole("main")).toHaveAttribute("id", "content");

    // The e2e servers run against the simulator, so the notice must be there and say so plainly.
    const notice = page.getByRole("note", { name: "Simulator mode" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Any key starting with rc_live_ works");
    await expect(notice).toContainText("no real machines are launched or billed");
    await expect(notice.getByRole("button")).toHaveCount(0);

    // Moving between areas moves the active marker.
    await nav.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Offers" })).not.toHaveAttribute("aria-current", /.*/);

    // The console root sends people to the cluster list.
    await page.goto("/");
    await expect(page).toHaveURL(/\/clusters$/);
    await expect(nav.getByRole("link", { name: "Clusters" })).toHaveAttribute("aria-current", "page");

    // An unknown address gets a plain 404 page inside the shell, with a way back.
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole("link", { name: "Go to clusters" }).click();
    await expect(page).toHaveURL(/\/clusters$/);
  });
});

test.describe("theme", () => {
  test("follows the system by default and live; a choice survives a reload and wins; System follows again", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openConsole(page);
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);

    await chooseTheme(page, "Dark");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    // The menu reflects the stored choice.
    await page.getByRole("button", { name: "Theme" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("Escape");

    await chooseTheme(page, "Light");
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    // An explicit choice wins over the system preference.
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);

    // Back to System: the system's dark applies again, and follows it live.
    await chooseTheme(page, "System");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });
});

test.describe("narrow screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sidebar becomes a menu that opens and closes with the keyboard", async ({ page }) => {
    await openConsole(page);
    const menuButton = page.getByRole("button", { name: "Open navigation menu" });
    await expect(menuButton).toBeVisible();
    // The wide sidebar is gone; its nav is not in the accessibility tree.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab");
    await expect(menuButton).toBeFocused();
    await page.keyboard.press("Enter");

    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    const links = sheet.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveText(["Offers", "Clusters", "Spend", "Settings"]);
    await expect(sheet.getByRole("link", { name: "Offers" })).toHaveAttribute("aria-current", "page");
    // Focus is trapped inside the sheet.
    await expect(sheet.locator(":focus")).toHaveCount(1);

    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Following a link closes the sheet and moves the active marker.
    await page.keyboard.press("Enter");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Clusters" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/clusters$/);
    await expect(sheet).toBeHidden();
    await menuButton.click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Clusters" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("button", { name: "Close navigation menu" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});
