"use client";

import * as React from "react";
import { Slot as SlotPrimitive } from "radix-ui";
import { loadOnce } from "@/lib/load-once";
import { useHydrated } from "./use-hydrated";

/**
 * Dialogs whose code loads when first wanted, not with the page. Radix Dialog (focus scope, dismissable layer,
 * scroll lock, portal) and a form's react-hook-form + zod are a large share of a page's first-load JS, and a dialog
 * is only ever needed after a click (docs/performance.md). The trigger renders at once; hovering or focusing it
 * starts the download, so by the click it is usually there. Once opened, a dialog stays mounted, so its closing
 * animation and focus return work as they do for a dialog loaded with the page. A failed download is forgotten, so
 * the next hover or click tries again. Until the page has hydrated the trigger is disabled: a click on it would do
 * nothing.
 */

/**
 * A component loaded on first render, with `fallback` shown until its code is there. Render it only once it is
 * wanted (a dialog the page opens itself, for one row of a list, say), and call preload() from whatever will open it.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
  fallback: React.ReactNode = null,
) {
  const get = loadOnce(load);
  const Lazy = React.lazy(() => get().then((C) => ({ default: C })));
  function LazyComponent(props: P) {
    return (
      <React.Suspense fallback={fallback}>
        <Lazy {...props} />
      </React.Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload: () => void get().catch(() => undefined) });
}

/** What a lazily loaded dialog takes from its opener. */
export type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** A trigger rendered now and the dialog it opens, loaded on hover, focus or the first click. */
export function lazyDialog<P extends OpenProps>(load: () => Promise<React.ComponentType<P>>) {
  const Dialog = lazyComponent(load);
  function LazyDialog({ trigger, ...props }: Omit<P, keyof OpenProps> & { trigger: React.ReactElement }) {
    const [open, setOpen] = React.useState(false);
    const [mounted, setMounted] = React.useState(false);
    const triggerRef = React.useRef<HTMLElement>(null);
    const hydrated = useHydrated();
    useReturnFocus(open, triggerRef);
    return (
      <>
        <SlotPrimitive.Slot
          ref={triggerRef}
          onPointerEnter={Dialog.preload}
          onFocus={Dialog.preload}
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
          aria-haspopup="dialog"
          aria-expanded={open}
        >
          {hydrated
            ? trigger
            : React.cloneElement(trigger as React.ReactElement<{ disabled?: boolean }>, { disabled: true })}
        </SlotPrimitive.Slot>
        {mounted ? <Dialog {...(props as unknown as P)} open={open} onOpenChange={setOpen} /> : null}
      </>
    );
  }
  return LazyDialog;
}

/**
 * Radix returns focus to a Dialog.Trigger it knows. A dialog opened from outside its own tree (a lazy dialog's
 * trigger, a page that opens a dialog from a row's button) has none, so focus would fall to the body on close. This
 * puts it back on every way of closing (Escape, Cancel, a link inside, a finished action): on `target` if given,
 * else on whatever had focus when the dialog opened, if that is still on the page (a deleted row's button is not).
 * After the commit, not in the close handler: until the dialog has re-rendered closed, its focus trap pulls focus
 * back inside. The opener is read in a layout effect, before the dialog's own focus moves into it.
 */
export function useReturnFocus(open: boolean, target?: React.RefObject<HTMLElement | null>) {
  const opener = React.useRef<HTMLElement | null>(null);
  const wasOpen = React.useRef(false);
  React.useLayoutEffect(() => {
    if (open && !wasOpen.current)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  React.useEffect(() => {
    if (wasOpen.current && !open) {
      const el = target?.current ?? opener.current;
      if (el?.isConnected) el.focus();
      opener.current = null;
    }
    wasOpen.current = open;
  }, [open, target]);
}

/** True from the first render where `value` was true on: mount a lazy dialog when first opened, then keep it. */
export function useOnceTrue(value: boolean): boolean {
  const [ever, setEver] = React.useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
