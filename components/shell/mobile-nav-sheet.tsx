"use client";

import * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Logo } from "@/components/shell/logo";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import type { OpenProps } from "@/components/common/lazy-dialog";

/**
 * The narrow-screen navigation sheet: the sidebar as a slide-over. Radix Dialog gives the focus trap, Esc to close
 * and focus return to the menu button; following a link closes it. Loaded on demand by MobileNav.
 */
export function MobileNavSheet({ open, onOpenChange }: OpenProps) {
  // Widening the window past the md breakpoint hides the sheet; close it so no invisible focus trap remains.
  React.useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia("(min-width: 48rem)");
    const close = () => {
      if (wide.matches) onOpenChange(false);
    };
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, [open, onOpenChange]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in md:hidden dark:bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-sidebar-border bg-sidebar shadow-xl outline-none data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left md:hidden"
        >
          <div className="flex h-12 items-center justify-between px-4">
            <DialogPrimitive.Title asChild>
              <h2>
                <Logo />
                <span className="sr-only"> navigation</span>
              </h2>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label="Close navigation menu" className="-mr-1.5">
                <XIcon aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-3">
            <SidebarNav onNavigate={() => onOpenChange(false)} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
