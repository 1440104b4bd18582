"use client";

import * as React from "react";
import { Slot as SlotPrimitive } from "radix-ui";
import { useHydrated } from "./use-hydrated";

/**
 * Dialogs whose code loads when first opened, not with the page: the caller makes the dialog with next/dynamic and
 * this renders its trigger at once and mounts the dialog at the first click. Once opened, a dialog stays mounted, so
 * its closing animation and focus return work as they do for a dialog loaded with the page. Until the page has
 * hydrated the trigger is disabled: a click on it would do nothing.
 */

/** What a lazily loaded dialog takes from its opener. */
export type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** A trigger rendered now and the dialog it opens (a next/dynamic component), mounted at the first click. */
export function lazyDialog<P extends OpenProps>(Dialog: React.ComponentType<P>) {
  function LazyDialog({ trigger, ...props }: Omit<P, keyof OpenProps> & { trigger: React.ReactElement }) {
    const [open, setOpen] = React.useState(false);
    const mounted = useOnceTrue(open);
    const triggerRef = React.useRef<HTMLElement>(null);
    const hydrated = useHydrated();
    useReturnFocus(open, triggerRef);
    return (
      <>
        <SlotPrimitive.Slot
          ref={triggerRef}
          onClick={() => setOpen(true)}
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
