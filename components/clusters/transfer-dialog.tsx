"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";
import type { OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { transferClusterAction } from "@/lib/clusters/actions";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { useActionMutation } from "@/lib/query/mutation";
import type { TransferChoices } from "@/lib/teams/permissions";

export type TransferProps = { clusterId: string; clusterName: string; choices: TransferChoices };

/**
 * Hand a cluster to another member of the team (someone on leave, or leaving): they own it from then on and are told.
 * The reason is optional; it goes to them and into the team's audit log.
 */
export function TransferDialog({
  clusterId,
  clusterName,
  choices,
  open,
  onOpenChange,
}: TransferProps & OpenProps) {
  const router = useRouter();
  const id = useId();
  const [to, setTo] = useState(choices.candidates[0]?.userId ?? "");
  const [reason, setReason] = useState("");
  const transfer = useActionMutation(transferClusterAction, {
    invalidates: [clustersQueryOptions().queryKey],
    onSuccess: (done) => {
      toast.success(`${clusterName} is ${done.to}'s now`, { description: "They have been told." });
      onOpenChange(false);
      // Whose it is changes what the page offers (the owner's note, the buttons): the server renders it again.
      router.refresh();
    },
  });
  const pending = transfer.isPending;
  const error = transfer.error?.fieldErrors?.to ?? transfer.error?.message ?? null;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (pending) return;
        if (!o) transfer.reset();
        onOpenChange(o);
      }}
    >
      <DialogContent>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (to) transfer.mutate({ id: clusterId, to, ...(reason.trim() ? { reason } : {}) });
          }}
        >
          <DialogHeader>
            <DialogTitle>Hand {clusterName} on</DialogTitle>
            <DialogDescription>
              It is {choices.owner.email}&apos;s now. Whoever gets it owns it from then on: they can resize,
              test and terminate it, and its notifications go to them. It keeps running as it is.
            </DialogDescription>
          </DialogHeader>
          {choices.candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nobody else in the team may act on clusters. Invite someone, or make a viewer a member, first.
            </p>
          ) : (
            <>
              <FormField id={`${id}-to`} label="Hand it to">
                <NativeSelect
                  id={`${id}-to`}
                  value={to}
                  disabled={pending}
                  onChange={(e) => setTo(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                >
                  {choices.candidates.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.name ? `${m.name} (${m.email})` : m.email}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={`${id}-reason`} label="Why? (optional: they are told)">
                <Textarea
                  id={`${id}-reason`}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  maxLength={500}
                  rows={2}
                  disabled={pending}
                  placeholder="e.g. On leave until January"
                />
              </FormField>
            </>
          )}
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || !to}>
              {pending && (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              )}
              Hand it on
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
