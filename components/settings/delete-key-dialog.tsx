"use client";

import * as React from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import { deleteKeyAction } from "@/lib/actions/keys";
import type { KeyView } from "@/lib/keys/view";

export function DeleteKeyDialog({
  target,
  onOpenChange,
}: {
  target: KeyView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [pending, setPending] = React.useState(false);

  async function confirm(e: React.MouseEvent) {
    e.preventDefault();
    if (!target) return;
    setPending(true);
    const result = await deleteKeyAction({ id: target.id });
    setPending(false);
    if (result.ok) {
      toast.success(`Key “${target.label}” deleted`);
      onOpenChange(false);
    } else {
      toast.error(result.error);
    }
  }

  return (
    <AlertDialog open={!!target} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete the key “{target?.label}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Clusterdeck forgets this key (…{target?.last4}). Clusters it launched keep running on Runcrate;
            add the key again to manage them here.{" "}
            {target?.isActive ? "It is your active key: another saved key, if any, becomes active." : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={confirm}
            disabled={pending}
          >
            {pending ? "Deleting…" : "Delete key"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
