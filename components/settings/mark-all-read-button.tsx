"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { markNotificationsRead } from "@/lib/actions/notifications";
import { notificationsQueryOptions } from "@/lib/query/notifications";

/** Settings → Notifications: mark every inbox entry read (the bell's count follows). */
export function MarkAllReadButton({ disabled }: { disabled: boolean }) {
  const router = useRouter();
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || pending}
      onClick={async () => {
        setPending(true);
        const r = await markNotificationsRead({ ids: null }).catch(() => null);
        setPending(false);
        if (!r?.ok) {
          toast.error(r?.error ?? "Clusterdeck could not be reached.");
          return;
        }
        await qc.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey });
        router.refresh();
      }}
    >
      Mark all read
    </Button>
  );
}
