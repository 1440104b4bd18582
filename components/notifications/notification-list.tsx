"use client";

import { CheckCheckIcon } from "lucide-react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { markNotificationsRead } from "@/lib/notifications/actions";
import { formatDateTime } from "@/lib/format/date";
import { EVENT_LABELS } from "@/lib/notifications/kinds";
import { useActionMutation } from "@/lib/query/mutation";
import { notificationsQueryOptions } from "@/lib/notifications/queries";

/**
 * What the bell's menu shows when open: the newest entries (each a link to its cluster; choosing it marks it read),
 * mark all read and a link to the inbox. Loaded with the menu's first opening (notification-bell.tsx).
 */
export default function NotificationList() {
  const q = useQuery(notificationsQueryOptions());
  const markRead = useActionMutation(markNotificationsRead, {
    invalidates: [notificationsQueryOptions().queryKey],
    onError: (failure) => toast.error(failure.message),
  });
  const unread = q.data?.unread ?? 0;
  const items = q.data?.items ?? [];

  const mark = (ids: string[] | null) => markRead.mutate({ ids });

  return (
    <>
      <DropdownMenuLabel className="flex items-center justify-between gap-2">
        <span>Notifications</span>
        {unread > 0 ? (
          <span className="text-xs font-normal text-muted-foreground">{unread} unread</span>
        ) : null}
      </DropdownMenuLabel>
      {q.isPending ? (
        <p className="px-2 py-3 text-sm text-muted-foreground">Loading…</p>
      ) : q.isError && !q.data ? (
        <p className="px-2 py-3 text-sm text-destructive" role="alert">
          {q.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="px-2 py-3 text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <div className="max-h-96 overflow-y-auto" data-testid="notification-list">
          {items.map((n) => (
            <DropdownMenuItem
              key={n.id}
              asChild
              onSelect={() => {
                if (!n.read) mark([n.id]);
              }}
            >
              <Link
                href={
                  n.path ?? (n.clusterId ? `/clusters/${encodeURIComponent(n.clusterId)}` : "/settings/inbox")
                }
                data-testid="notification-item"
                data-kind={n.kind}
                data-read={n.read ? "true" : "false"}
                className="flex flex-col items-start gap-0.5 whitespace-normal"
              >
                <span className="flex w-full items-center gap-1.5 text-xs">
                  {!n.read ? (
                    <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-destructive" />
                  ) : null}
                  <span className="font-semibold">{EVENT_LABELS[n.kind] ?? n.kind}</span>
                  <span className="ml-auto text-muted-foreground tabular-nums">
                    {formatDateTime(n.createdAt)}
                  </span>
                  <span className="sr-only">{n.read ? "(read)" : "(unread)"}</span>
                </span>
                <span className="text-[13px] text-pretty">{n.message}</span>
              </Link>
            </DropdownMenuItem>
          ))}
        </div>
      )}
      <DropdownMenuSeparator />
      {unread > 0 ? (
        <DropdownMenuItem onSelect={() => mark(null)} data-testid="notification-mark-all">
          <CheckCheckIcon aria-hidden="true" />
          Mark all read
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuItem asChild>
        <Link href="/settings/inbox">All notifications and settings</Link>
      </DropdownMenuItem>
    </>
  );
}
