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
import { deleteKeyAction } from "@/lib/keys/actions";
import type { KeyView } from "@/lib/keys/key-view";
import { useActionMutation } from "@/lib/query/mutation";
import { useKeyTeam } from "./key-team";

export function DeleteKeyDialog({
  target,
  onOpenChange,
}: {
  target: KeyView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const teamId = useKeyTeam();
  // Deleting the active key makes another one active: every query is read again.
  const remove = useActionMutation((key: KeyView) => deleteKeyAction({ teamId, id: key.id }), {
    resetsAll: true,
    onSuccess: (_, key) => {
      toast.success(`Key “${key.label}” deleted`);
      onOpenChange(false);
    },
    onError: (failure) => toast.error(failure.message),
  });
  const pending = remove.isPending;

  function confirm(e: React.MouseEvent) {
    // The dialog stays open until the key is gone (or the refusal is shown).
    e.preventDefault();
    if (target) remove.mutate(target);
  }

  return (
    <AlertDialog open={!!target} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete the key “{target?.label}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Clusterdeck forgets this key (…{target?.last4}). Clusters it launched keep running on Runcrate;
            add the key again to manage them here.{" "}
            {target?.isActive
              ? `It is ${teamId ? "the team's" : "your"} active key: another saved key, if any, becomes active.`
              : ""}
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
