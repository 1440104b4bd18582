"use client";

import { usePathname } from "next/navigation";

import { headerTitleForPath } from "@/components/shell/nav-items";

/** The header's area title ("Clusters", "Offers", …), derived from the route so every page gets one. */
export function HeaderTitle() {
  const { area, page } = headerTitleForPath(usePathname());
  return (
    <p className="truncate text-sm font-medium" data-slot="header-title">
      {page ? (
        <>
          <span className="text-muted-foreground">{area}</span>
          <span aria-hidden className="px-1.5 text-muted-foreground">
            ›
          </span>
          <span className="sr-only">: </span>
          {page}
        </>
      ) : (
        area
      )}
    </p>
  );
}
