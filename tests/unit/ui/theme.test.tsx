// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyTheme, THEME_KEY, ThemeProvider, useTheme } from "@/components/shell/theme";

/** A system colour scheme the test can flip, with its change listeners. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  let matches = dark;
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return matches;
    },
    media: query,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  }));
  return {
    listeners,
    set(to: boolean) {
      matches = to;
      for (const f of listeners) f();
    },
  };
}

function Probe() {
  const { theme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme(theme === "dark" ? "light" : "dark")}>
      theme: {theme}
    </button>
  );
}

const html = () => document.documentElement;
const idle = () => act(async () => new Promise((r) => setTimeout(r, 5)));

describe("the theme", () => {
  beforeEach(() => {
    localStorage.clear();
    html().className = "";
    html().style.colorScheme = "";
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("applies the stored choice, or the system's when there is none, as the inline script does", () => {
    fakeSystem(true);
    applyTheme(THEME_KEY, "(prefers-color-scheme: dark)");
    expect(html().classList.contains("dark")).toBe(true);
    expect(html().style.colorScheme).toBe("dark");
    localStorage.setItem(THEME_KEY, "light");
    applyTheme(THEME_KEY, "(prefers-color-scheme: dark)");
    expect([...html().classList]).toEqual(["light"]);
    expect(html().style.colorScheme).toBe("light");
  });

  it("renders as the server did until idle, then reads the stored choice; a pick is stored and shown at once", async () => {
    fakeSystem(false);
    localStorage.setItem(THEME_KEY, "dark");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe("theme: system");
    await idle();
    expect(screen.getByRole("button").textContent).toBe("theme: dark");
    act(() => screen.getByRole("button").click());
    expect(screen.getByRole("button").textContent).toBe("theme: light");
    expect(localStorage.getItem(THEME_KEY)).toBe("light");
    expect(html().classList.contains("light")).toBe(true);
    expect(html().classList.contains("dark")).toBe(false);
  });

  it("does not miss a change of the system's scheme made before it listens", async () => {
    const system = fakeSystem(true);
    applyTheme(THEME_KEY, "(prefers-color-scheme: dark)");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    system.set(false); // no listener yet
    await idle();
    expect(html().classList.contains("light")).toBe(true);
  });

  it("puts the class back after hydration if React's render of <html> dropped it", () => {
    fakeSystem(true);
    html().className = "";
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(html().classList.contains("dark")).toBe(true);
  });

  it("listens to the system and to other tabs only once idle, and follows both", async () => {
    const system = fakeSystem(false);
    const add = vi.spyOn(window, "addEventListener");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(add.mock.calls.filter(([type]) => type === "storage")).toHaveLength(0);
    expect(system.listeners.size).toBe(0);
    await idle();
    expect(add.mock.calls.filter(([type]) => type === "storage")).toHaveLength(1);

    act(() => system.set(true));
    expect(html().classList.contains("dark")).toBe(true);

    localStorage.setItem(THEME_KEY, "light");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: THEME_KEY, newValue: "light" }));
    });
    expect(screen.getByRole("button").textContent).toBe("theme: light");
    expect(html().classList.contains("light")).toBe(true);
    // A system change no longer matters once a theme is chosen.
    act(() => system.set(false));
    act(() => system.set(true));
    expect(html().classList.contains("light")).toBe(true);
  });
});
