import { CpuIcon, ReceiptIcon, ServerIcon, SettingsIcon, type LucideIcon } from "lucide-react";

export type NavItem = { href: string; label: string; icon: LucideIcon };

/** The console's top-level areas, in sidebar order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/offers", label: "Offers", icon: CpuIcon },
  { href: "/clusters", label: "Clusters", icon: ServerIcon },
  { href: "/spend", label: "Spend", icon: ReceiptIcon },
  { href: "/settings", label: "Settings", icon: SettingsIcon },
];

/** True when `pathname` is the item's page or below it (/clusters/abc is in Clusters, /clustersx is not). */
export function isNavItemActive(pathname: string | null, href: string): boolean {
  if (!pathname) return false;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The area a path belongs to, for the header title; null outside the known areas. */
export function navItemForPath(pathname: string | null): NavItem | null {
  return NAV_ITEMS.find((item) => isNavItemActive(pathname, item.href)) ?? null;
}
