import { describe, expect, it, vi } from "vitest";
import { CHROMIUM_CANDIDATES, ensureChromium, findChromium } from "../../scripts/chromium-path.mjs";

const only =
  (...present: string[]) =>
  (file: string) =>
    present.includes(file);

describe("finding the machine's Chromium", () => {
  it("takes CHROMIUM_PATH over every usual location", () => {
    const found = findChromium({
      env: { CHROMIUM_PATH: " /opt/my/chrome " },
      platform: "linux",
      exists: only("/usr/bin/chromium"),
    });
    expect(found).toBe("/opt/my/chrome");
  });

  it("tries the usual Linux locations in order: Debian's headless shell, chromium, chromium-browser, then Google Chrome", () => {
    const find = (...present: string[]) =>
      findChromium({ env: {}, platform: "linux", exists: only(...present) });
    expect(find("/usr/bin/chromium", "/usr/bin/chromium-headless-shell")).toBe(
      "/usr/bin/chromium-headless-shell",
    );
    expect(find("/usr/bin/chromium-browser", "/usr/bin/chromium")).toBe("/usr/bin/chromium");
    expect(find("/usr/bin/google-chrome", "/usr/bin/chromium-browser")).toBe("/usr/bin/chromium-browser");
    expect(find("/opt/google/chrome/chrome", "/usr/bin/google-chrome-stable")).toBe(
      "/usr/bin/google-chrome-stable",
    );
    expect(find("/opt/google/chrome/chrome")).toBe("/opt/google/chrome/chrome");
  });

  it("finds Google Chrome or Chromium in /Applications on macOS, and ignores Linux paths there", () => {
    const chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    const chromium = "/Applications/Chromium.app/Contents/MacOS/Chromium";
    const find = (...present: string[]) =>
      findChromium({ env: {}, platform: "darwin", exists: only(...present) });
    expect(find(chromium, chrome)).toBe(chrome);
    expect(find(chromium)).toBe(chromium);
    expect(find("/usr/bin/chromium")).toBeNull();
  });

  it("finds nothing when no usual location exists, or on a platform it has no locations for", () => {
    expect(findChromium({ env: {}, platform: "linux", exists: () => false })).toBeNull();
    expect(findChromium({ env: {}, platform: "win32", exists: () => true })).toBeNull();
    expect(findChromium({ env: { CHROMIUM_PATH: "  " }, platform: "linux", exists: () => false })).toBeNull();
  });
});

describe("making sure there is a browser before the run", () => {
  const bundled = "/home/me/.cache/ms-playwright/chromium-1234/chrome-linux/chrome";

  it("uses the system Chromium and never installs one", () => {
    const install = vi.fn(() => true);
    const found = ensureChromium({
      env: {},
      platform: "linux",
      exists: only("/usr/bin/chromium"),
      bundledPath: () => bundled,
      install,
    });
    expect(found).toEqual({ path: "/usr/bin/chromium", source: "system" });
    expect(install).not.toHaveBeenCalled();
  });

  it("says so when CHROMIUM_PATH names a file that is not there, instead of picking another browser", () => {
    const install = vi.fn(() => true);
    expect(() =>
      ensureChromium({
        env: { CHROMIUM_PATH: "/nope/chrome" },
        platform: "linux",
        exists: only("/usr/bin/chromium", bundled),
        bundledPath: () => bundled,
        install,
      }),
    ).toThrow("CHROMIUM_PATH is /nope/chrome, but there is no executable there.");
    expect(install).not.toHaveBeenCalled();
  });

  it("uses Playwright's own Chromium when it is already installed, without installing again", () => {
    const install = vi.fn(() => true);
    const found = ensureChromium({
      env: {},
      platform: "darwin",
      exists: only(bundled),
      bundledPath: () => bundled,
      install,
    });
    expect(found).toEqual({ path: bundled, source: "playwright" });
    expect(install).not.toHaveBeenCalled();
  });

  it("installs Playwright's Chromium on first use, saying why and that it needs the internet", () => {
    const present = new Set<string>();
    const lines: string[] = [];
    const found = ensureChromium({
      env: {},
      platform: "linux",
      exists: (file) => present.has(file),
      bundledPath: () => bundled,
      install: () => (present.add(bundled), true),
      log: (line) => lines.push(line),
    });
    expect(found).toEqual({ path: bundled, source: "playwright" });
    expect(lines.join("\n")).toContain(`looked at CHROMIUM_PATH, ${CHROMIUM_CANDIDATES.linux!.join(", ")}`);
    expect(lines.join("\n")).toContain("needs the internet");
  });

  it("fails with what to do when the download fails (or leaves no browser behind)", () => {
    for (const install of [() => false, () => true]) {
      expect(() =>
        ensureChromium({
          env: {},
          platform: "linux",
          exists: () => false,
          bundledPath: () => bundled,
          install,
        }),
      ).toThrow(
        /could not be downloaded \(`npx playwright install chromium` needs the internet[\s\S]*CHROMIUM_PATH/,
      );
    }
  });
});
