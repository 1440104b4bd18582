"use client";

import { usePathname } from "next/navigation";

import { navItemForPath } from "@/components/shell/nav-items";

/** The header's area title ("Clusters", "Offers", …), derived from the route so every page gets one. */
export function HeaderTitle() {
  const item = navItemForPath(usePathname());
  return (
    <p className="truncate text-sm font-medium" data-slot="header-title">
      {item?.label ?? "Clusterdeck"}
    </p>
  );
}
