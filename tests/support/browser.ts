/**
 * Browser-side helpers for every Playwright suite (e2e, service, reliability) and the bench: hydration, held scripts,
 * the theme, and axe. Waits are on conditions the page states, never on time.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The attribute components/common/hydration-marker.tsx sets on <html> once React has attached the page. */
export const HYDRATED = "html[data-hydrated]";

/**
 * Waits until the page has hydrated (the app's own `data-hydrated` marker on <html>). Given a locator, waits for it
 * to show first, then for its page. A server-rendered control is visible before React runs, and a click that lands on
 * it earlier can do nothing; a test that interacts with server-rendered content waits here, as a person's slower hand
 * would. Without `expect`, so the bench (outside the test runner) can use it too.
 */
export async function waitHydrated(target: Page | Locator, timeoutMs = 30_000): Promise<void> {
  const page = "goto" in target ? target : target.page();
  if (!("goto" in target)) await target.first().waitFor({ timeout: timeoutMs });
  await page.locator(HYDRATED).waitFor({ state: "attached", timeout: timeoutMs });
}

/** Whether the page has hydrated yet (the marker is there now). */
export async function isHydrated(page: Page): Promise<boolean> {
  return (await page.locator(HYDRATED).count()) > 0;
}

/**
 * Holds every script of the pages `page` loads until the returned function is called, so a server-rendered page stays
 * on screen without React (a slow connection's first seconds).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * axe on what the page shows, in the light theme and then the dark one, from one load: with no theme chosen the app
 * follows the system's colour scheme live (next-themes), so emulating the scheme switches the page in place, and a
 * page or dialog is loaded and opened once for both. Leaves the page light.
 */
export async function expectAxeCleanInBothThemes(page: Page, what: string, opts: { include?: string } = {}) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expectAxeClean(page, `${what} in ${theme}`, { ...opts, theme });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The axe rules every page and dialog is held to: WCAG 2.x A/AA and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe on what the page shows now (a page, a dialog, a palette): no serious or critical violation. `include` narrows
 * it to one part (a dialog whose page is checked on its own). In the dark theme only colour contrast is analysed:
 * the theme changes colours and nothing else, so names, roles and structure are the light pass's to check, and each
 * analysis is seconds of CPU on a busy machine.
 */
export async function expectAxeClean(
  page: Page,
  what: string,
  opts: { include?: string; theme?: "light" | "dark" } = {},
) {
  // Measure what settles on screen: a toast or dialog still fading in is read with its opacity blended into what is
  // behind it (a CI run caught a "cluster is ready" toast mid-fade over a dialog's overlay at 4.17:1). Spinners run
  // forever and are left alone.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // Only violations are read: axe then keeps one example node per passed or incomplete rule instead of every one.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  builder = opts.theme === "dark" ? builder.withRules(["color-contrast"]) : builder.withTags(AXE_TAGS);
  if (opts.include) builder = builder.include(opts.include);
  const result = await builder.analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} [${n.any[0]?.message ?? n.failureSummary ?? ""}]`)
          .join(" | ")}`,
    );
  expect(serious, what).toEqual([]);
}

/**
 * Opens the dialog a button shows (a lazily loaded one) and returns it: the only dialog in the page, or the one
 * named `name`; `role` "alertdialog" for a confirmation. A click before hydration does nothing, so the button is
 * pressed again until the dialog is there.
 */
export async function openDialog(
  page: Page,
  trigger: string,
  opts: { name?: string; role?: "dialog" | "alertdialog" } = {},
): Promise<Locator> {
  const role = opts.role ?? "dialog";
  const dialog = opts.name ? page.getByRole(role, { name: opts.name }) : page.getByRole(role);
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("button", { name: trigger }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
  return dialog;
}

/**
 * Ctrl-K until the command palette shows (a press before hydration has no listener yet). Ctrl-K toggles the palette,
 * so a second press may only come when the first found no listener: it presses only while no palette is in the page,
 * and waits long enough for a busy machine to render one. A palette a previous step closed must be gone first: while
 * it fades out it is still in the page (and counts as visible).
 */
export async function openPalette(page: Page): Promise<Locator> {
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toHaveCount(0);
  await expect(async () => {
    if ((await palette.count()) === 0) await page.keyboard.press("Control+k");
    await expect(palette).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  await expect(palette.getByRole("combobox")).toBeFocused();
  return palette;
}

/** A laptop's and a phone's window: no page may scroll sideways in either. */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Overflow = { page: number; client: number; tables: string[] };

/** How much wider than the window the page is, and which visible tables are wider than their box. */
async function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(async () => {
    // The layout after the last resize: two frames, so media-query listeners have rendered.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const root = document.scrollingElement ?? document.documentElement;
    const tables = [...document.querySelectorAll("table")]
      // What is shown: a table in a closed <details> keeps a layout box (content-visibility) but is not on screen.
      .filter((t) => t.checkVisibility())
      .map((t) => ({
        t,
        width: t.getBoundingClientRect().width,
        box: t.parentElement?.clientWidth ?? Infinity,
      }))
      .filter(({ width, box }) => width > box + 1)
      .map(({ t, width, box }) => {
        const name = t.getAttribute("aria-label") ?? t.querySelector("th")?.textContent ?? "a table";
        return `${name}: ${Math.round(width)}px in a ${box}px box`;
      });
    return { page: root.scrollWidth, client: root.clientWidth, tables };
  });
}

/**
 * The page as loaded, at a laptop's width and then a phone's: it never scrolls sideways and no table is wider than its
 * box (soft: every page and width is reported). Leaves the laptop's width.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const o = await overflow(page);
    const at = `${what} at ${size.width}px`;
    expect
      .soft(o.page, `${at}: the page is ${o.page - o.client}px wider than the window`)
      .toBeLessThanOrEqual(o.client);
    expect.soft(o.tables, `${at}: tables wider than their box`).toEqual([]);
  }
  await page.setViewportSize(WIDTHS[0]);
}
