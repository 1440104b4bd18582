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

/** Pages below an area that have a name of their own in the header ("Clusters › New cluster"). */
const SUBPAGES: Readonly<Record<string, string>> = {
  "/clusters/new": "New cluster",
  "/settings/keys": "API keys",
  "/settings/audit": "Audit log",
  "/settings/inbox": "Notifications",
  "/settings/webhooks": "Webhooks",
  "/settings/limits": "Default limits",
  "/settings/team": "Team",
  "/settings/instance": "Instance",
};

/**
 * Pages outside the sidebar's areas, reached from a notification, a mail or a link someone sent: named by their first
 * segment, so the header never falls back to the product's name on them.
 */
const OTHER_AREAS: Readonly<Record<string, string>> = {
  approvals: "Approvals",
  extend: "Extend a cluster",
  invite: "Team invite",
  "verify-email": "Verify your email",
  shared: "Shared cluster",
};

/** The header's title for a path: its area and, where the page has its own name, that name. */
export function headerTitleForPath(pathname: string | null): { area: string; page: string | null } {
  const item = navItemForPath(pathname);
  const path = pathname?.replace(/\/+$/, "") ?? "";
  const first = path.split("/")[1] ?? "";
  const other = Object.hasOwn(OTHER_AREAS, first) ? OTHER_AREAS[first] : undefined;
  return { area: item?.label ?? other ?? "Clusterdeck", page: SUBPAGES[path] ?? null };
}
