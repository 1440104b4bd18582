"use client";

import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { markNotificationsRead } from "@/lib/notifications/actions";
import { useActionMutation } from "@/lib/query/mutation";
import { notificationsQueryOptions } from "@/lib/notifications/queries";

/** Settings → Notifications: mark every inbox entry read (the bell's count follows; the action refreshes the inbox). */
export function MarkAllReadButton({ disabled }: { disabled: boolean }) {
  const markAll = useActionMutation(markNotificationsRead, {
    invalidates: [notificationsQueryOptions().queryKey],
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || markAll.isPending}
      onClick={() => markAll.mutate({ ids: null })}
    >
      Mark all read
    </Button>
  );
}
