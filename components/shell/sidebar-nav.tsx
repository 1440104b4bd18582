"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { cn } from "@/lib/utils";
import { NAV_ITEMS, isNavItemActive } from "@/components/shell/nav-items";

/** The main navigation list; the current area gets aria-current="page". Shared by the sidebar and the mobile sheet. */
export function SidebarNav({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className={cn("flex flex-col", className)}>
      <ul className="flex flex-col gap-0.5">
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(pathname, item.href);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                onClick={onNavigate}
                className={cn(
                  "group relative flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium text-sidebar-foreground transition-colors outline-none",
                  "hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
                  "focus-visible:ring-2 focus-visible:ring-ring",
                  "aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-sidebar-accent-foreground",
                )}
              >
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 bottom-1.5 -left-3 w-0.5 rounded-full bg-brand opacity-0 transition-opacity group-aria-[current=page]:opacity-100"
                />
                <Icon
                  aria-hidden="true"
                  className="size-4 text-muted-foreground group-hover:text-sidebar-accent-foreground group-aria-[current=page]:text-brand"
                />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
