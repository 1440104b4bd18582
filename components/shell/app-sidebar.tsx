import Link from "next/link";

import { Logo } from "@/components/shell/logo";
import { SidebarNav } from "@/components/shell/sidebar-nav";

/** The wide-screen sidebar. Below md it is hidden and the header's menu button opens <MobileNav>. */
export function AppSidebar() {
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-0 hidden h-dvh w-56 shrink-0 flex-col border-r border-sidebar-border bg-sidebar md:flex"
    >
      <div className="flex h-12 items-center px-4">
        <Link
          href="/clusters"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Clusterdeck home"
        >
          <Logo />
        </Link>
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-3">
        <SidebarNav />
      </div>
      <div className="border-t border-sidebar-border px-4 py-3 text-xs text-muted-foreground">
        Runcrate GPU clusters
      </div>
    </aside>
  );
}
