"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { whenIdle } from "@/components/shared/when-idle";

/**
 * Light / dark / system: the choice is kept in localStorage ("theme", the key next-themes used, so a choice made
 * before carries over) and shown as `.light`/`.dark` and `color-scheme` on <html>, set by an inline script before the
 * first paint. Written here instead of next-themes because next-themes adds its `storage` and media listeners in an
 * effect during hydration, and the `storage` one is a synchronous round trip to the browser process: 16 ms of the
 * cluster page's hydration on a phone-sized load. Here they are added when the page is next idle
 * (docs/performance.md).
 */
export type Theme = "light" | "dark" | "system";
export const THEME_KEY = "theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Sets the class and color scheme on <html> for `chosen`, or for the stored choice when none is given. It runs as the
 * inline script too (from its source text), so it uses nothing but its arguments and the browser's globals.
 */
export function applyTheme(key: string, query: string, chosen?: string | null): void {
  try {
    const theme = chosen ?? window.localStorage.getItem(key);
    const dark = theme === "dark" || (theme !== "light" && window.matchMedia(query).matches);
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(dark ? "dark" : "light");
    root.style.colorScheme = dark ? "dark" : "light";
  } catch {
    // storage blocked: the stylesheet's default (light) stays
  }
}

const themeScript = `(${applyTheme.toString()})(${JSON.stringify(THEME_KEY)},${JSON.stringify(DARK_QUERY)})`;

/** What the inline script does, from running code: `chosen`, or the stored choice. */
export const applyStoredTheme = (chosen?: Theme): void => applyTheme(THEME_KEY, DARK_QUERY, chosen);

const asTheme = (v: string | null | undefined): Theme => (v === "light" || v === "dark" ? v : "system");

function readStored(): Theme {
  try {
    return asTheme(window.localStorage.getItem(THEME_KEY));
  } catch {
    return "system";
  }
}

/** A theme switch repaints everything at once: transitions are off for that one frame. */
function applyWithoutTransitions(theme: Theme): void {
  const style = document.createElement("style");
  style.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(style);
  applyStoredTheme(theme);
  void window.getComputedStyle(document.body).opacity;
  setTimeout(() => style.remove(), 1);
}

type ThemeState = { theme: Theme; setTheme: (theme: string) => void };
const ThemeContext = createContext<ThemeState>({ theme: "system", setTheme: () => {} });

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}

export function ThemeProvider({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  // "system" in the server's HTML and while hydrating; the stored choice once the page is idle. Nothing on screen
  // reads it before then (the theme menu's checked item shows when the menu opens; toasts load later).
  const [theme, setThemeState] = useState<Theme>("system");

  const setTheme = useCallback((value: string) => {
    const next = asTheme(value);
    try {
      window.localStorage.setItem(THEME_KEY, next);
    } catch {
      // storage blocked: the choice lasts until the page is left
    }
    setThemeState(next);
    applyWithoutTransitions(next);
  }, []);

  useEffect(() => {
    // Again after hydration: where React renders <html> itself (a not-found page the client renders whole), it
    // drops the class the inline script set.
    applyStoredTheme();
    let stop = () => {};
    const cancel = whenIdle(() => {
      setThemeState(readStored());
      // A change of the system's scheme made before the listener below is not missed.
      applyStoredTheme();
      // The system's scheme, followed while the choice is "system"; a choice made in another tab.
      const media = window.matchMedia(DARK_QUERY);
      const onSystem = () => {
        if (readStored() === "system") applyWithoutTransitions("system");
      };
      const onStorage = (e: StorageEvent) => {
        if (e.key !== THEME_KEY && e.key !== null) return;
        const next = readStored();
        setThemeState(next);
        applyWithoutTransitions(next);
      };
      media.addEventListener("change", onSystem);
      window.addEventListener("storage", onStorage);
      stop = () => {
        media.removeEventListener("change", onSystem);
        window.removeEventListener("storage", onStorage);
      };
    });
    return () => {
      cancel();
      stop();
    };
  }, []);

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return (
    <ThemeContext.Provider value={value}>
      {/* Before the first paint: the stored theme, so a dark page never flashes light. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
      {children}
    </ThemeContext.Provider>
  );
}
