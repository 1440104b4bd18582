import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Switches the page to a theme the way the theme provider stores it, with the colour scheme emulated to match. */
export async function useTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
}

/** axe on what the page shows now (a dialog, a palette): no serious or critical violation. */
export async function expectAxeClean(page: Page, what: string, include?: string) {
  // Measure what settles on screen: a toast or dialog still fading in is read with its opacity blended into what is
  // behind it (a CI run caught a "cluster is ready" toast mid-fade over a dialog's overlay at 4.17:1). Spinners run
  // forever and are left alone.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  if (include) builder = builder.include(include);
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
