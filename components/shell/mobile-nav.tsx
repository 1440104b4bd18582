"use client";

import dynamic from "next/dynamic";
import { MenuIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/common/lazy-dialog";

const MobileNavSheet = lazyDialog(dynamic(() => import("./mobile-nav-sheet").then((m) => m.MobileNavSheet)));

/** Narrow-screen navigation: a menu button that opens the sidebar as a slide-over (loaded on first use). */
export function MobileNav() {
  return (
    <MobileNavSheet
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          className="-ml-1.5 md:hidden"
          aria-label="Open navigation menu"
        >
          <MenuIcon aria-hidden="true" />
        </Button>
      }
    />
  );
}
