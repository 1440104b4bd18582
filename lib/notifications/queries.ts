import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import type { InboxView, WebhookWithLog } from "@/lib/notifications/notification-view";

// GET /api/notifications → the inbox (database only, no Runcrate call)
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: ["notifications"],
    queryFn: ({ signal }) => apiGet<InboxView>("/api/notifications", signal),
    staleTime: 10_000,
    // Slow on purpose: the guardian writes the inbox every 30 s at most; a focus or a mark-read refetches sooner.
    refetchInterval: 30_000,
  });
}

// GET /api/webhooks → the user's webhooks and their delivery log (database only)
export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: ["webhooks"],
    queryFn: ({ signal }) => apiGet<WebhookWithLog[]>("/api/webhooks", signal),
    // Every 2 s while a delivery is still being tried (a test just sent, a retry due), otherwise not at all.
    refetchInterval: (q) =>
      q.state.data?.some((w) => w.deliveries.some((d) => d.status === "pending")) ? 2_000 : false,
  });
}
