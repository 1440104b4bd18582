"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { isTypingTarget, keyAction, SEQUENCE_MS } from "@/lib/shortcuts/keys";
import type { CommandPaletteProps } from "./command-palette";
import type { ShortcutsHelpProps } from "./shortcuts-help";

// Both load on first use (⌘K, ?): cmdk and the palette's lists are on no page's first load.
const CommandPalette = dynamic<CommandPaletteProps>(() =>
  import("./command-palette").then((m) => m.CommandPalette),
);
const ShortcutsHelp = dynamic<ShortcutsHelpProps>(() =>
  import("./shortcuts-help").then((m) => m.ShortcutsHelp),
);

/** A dialog of the page itself is open: single-key shortcuts stay off so they cannot act behind it. */
const dialogOpen = () => document.querySelector("[role=dialog], [role=alertdialog]") !== null;

/** Focus on the page's heading, else its main region (the console layout's `#content`). */
function focusContent() {
  const main = document.getElementById("content");
  const heading = main?.querySelector<HTMLElement>("h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  } else main?.focus({ preventScroll: true });
}

/**
 * The console's keyboard layer: ⌘K / Ctrl-K palette, `?` help, `g o` / `g c` / `g s`, `c` to copy the launch
 * command shown on a cluster's page. What a shortcut did is announced to screen readers in a live region.
 */
export function KeyboardShortcuts() {
  const router = useRouter();
  const pathname = usePathname();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const [paletteMounted, setPaletteMounted] = useState(false);
  const [helpMounted, setHelpMounted] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const pendingG = useRef<number>(0);

  const announce = useCallback((text: string) => {
    // Cleared first so the same words twice in a row are announced twice.
    setAnnouncement("");
    requestAnimationFrame(() => setAnnouncement(text));
  }, []);

  const openPalette = useCallback(() => {
    setPaletteMounted(true);
    setPalette(true);
  }, []);

  // A palette choice that opens another page: the palette goes at once (unmounted, not animated out while the new
  // page renders with focus still in its input), and once the new page is there, focus moves to its content.
  const focusOnArrival = useRef(false);
  const paletteNavigated = useCallback(
    (href: string) => {
      setPalette(false);
      setPaletteMounted(false);
      // The same page with other search params (offers of another GPU): its content is already there.
      if (new URL(href, window.location.href).pathname === pathname) requestAnimationFrame(focusContent);
      else focusOnArrival.current = true;
    },
    [pathname],
  );
  useEffect(() => {
    if (!focusOnArrival.current) return;
    focusOnArrival.current = false;
    focusContent();
  }, [pathname]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const action = keyAction(e, {
        typing: isTypingTarget(e.target),
        pendingG: Date.now() - pendingG.current < SEQUENCE_MS,
        dialogOpen: dialogOpen(),
      });
      pendingG.current = action?.kind === "await-second" ? Date.now() : 0;
      if (!action || action.kind === "await-second") return;
      e.preventDefault();
      if (action.kind === "palette") {
        if (palette) setPalette(false);
        else openPalette();
      } else if (action.kind === "help") {
        setHelpMounted(true);
        setHelp(true);
      } else if (action.kind === "go") {
        announce(`Going to ${action.label}`);
        router.push(action.href);
      } else if (action.kind === "copy") {
        const button = document.querySelector<HTMLButtonElement>(
          "[data-testid=connection-card] [role=tabpanel][data-state=active] [data-slot=copy-button]",
        );
        if (button) button.click();
        else announce("No launch command on this page to copy");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [announce, openPalette, palette, router]);

  return (
    <>
      <span role="status" aria-live="polite" className="sr-only" data-testid="shortcut-announcer">
        {announcement}
      </span>
      {paletteMounted && (
        <CommandPalette
          open={palette}
          onOpenChange={setPalette}
          pathname={pathname}
          announce={announce}
          onNavigate={paletteNavigated}
        />
      )}
      {helpMounted && <ShortcutsHelp open={help} onOpenChange={setHelp} />}
    </>
  );
}
