// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useTheme } from "next-themes";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/components/providers";

/** A system colour scheme for jsdom, which has no matchMedia. */
function fakeSystem(dark: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: dark,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

function Probe() {
  const { theme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme("light")}>
      theme: {theme}
    </button>
  );
}

const html = () => document.documentElement;

describe("the theme (next-themes, as the root providers set it up)", () => {
  beforeEach(() => {
    localStorage.clear();
    html().className = "";
    html().style.colorScheme = "";
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("applies a choice stored under the key the console has always used, so users keep it", () => {
    fakeSystem(false);
    localStorage.setItem("theme", "dark");
    render(
      <Providers>
        <Probe />
      </Providers>,
    );
    expect(screen.getByRole("button").textContent).toBe("theme: dark");
    expect(html().classList.contains("dark")).toBe(true);
  });

  it("follows the system until a choice is made, then stores the choice and shows it as the class", () => {
    fakeSystem(true);
    render(
      <Providers>
        <Probe />
      </Providers>,
    );
    expect(screen.getByRole("button").textContent).toBe("theme: system");
    expect(html().classList.contains("dark")).toBe(true);
    act(() => screen.getByRole("button").click());
    expect(localStorage.getItem("theme")).toBe("light");
    expect(html().classList.contains("light")).toBe(true);
    expect(html().classList.contains("dark")).toBe(false);
  });
});
