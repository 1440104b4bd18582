"use client";

import dynamic from "next/dynamic";
import { BellIcon } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { notificationsQueryOptions } from "@/lib/notifications/queries";

// The menu's contents load when it first opens, not with every page.
const NotificationList = dynamic(() => import("./notification-list"), {
  loading: () => <p className="px-2 py-3 text-sm text-muted-foreground">Loading…</p>,
});

/**
 * The header's bell: the inbox's unread count, read with the console's slow polling (lib/notifications/queries.ts,
 * every 30 s), and a menu of the newest entries (notification-list.tsx).
 */
export function NotificationBell() {
  const q = useQuery(notificationsQueryOptions());
  const unread = q.data?.unread ?? 0;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className="relative"
          aria-label={unread > 0 ? `Notifications: ${unread} unread` : "Notifications"}
          data-testid="notification-bell"
        >
          <BellIcon aria-hidden="true" />
          {unread > 0 ? (
            <span
              data-testid="notification-unread"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <NotificationList />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
