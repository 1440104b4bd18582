"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { terminateCluster } from "@/lib/clusters/actions";
import { survivesText } from "@/lib/runcrate/survives";
import { terminateOutcome } from "@/lib/clusters/terminate-outcome";
import { costSoFar, hourlyRate } from "@/lib/spend/cluster-cost";
import { formatHourly, formatUsd } from "@/lib/format/money";
import { balanceQueryOptions } from "@/lib/query/balance";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { useActionMutation } from "@/lib/query/mutation";
import type { OpenProps } from "@/components/common/lazy-dialog";
import type { Cluster } from "@/lib/runcrate/schemas";
import { useMay } from "./cluster-permissions";
import { ReasonField } from "./reason-field";

/** Terminate, confirmed by typing the cluster's name; shows what it has cost and stops costing. */
export type TerminateProps = { cluster: Cluster; now: number; onDone: (c: Cluster) => void };

export function TerminateDialog({
  cluster,
  now,
  onDone,
  open,
  onOpenChange: setOpen,
}: TerminateProps & OpenProps) {
  const form = useForm<{ confirmName: string; reason: string }>({
    defaultValues: { confirmName: "", reason: "" },
  });
  const typed = useWatch({ control: form.control, name: "confirmName" });
  const reason = useWatch({ control: form.control, name: "reason" });
  const may = useMay("terminate");
  const askReason = may.allowed && may.needsReason;
  const terminate = useActionMutation(terminateCluster, {
    invalidates: [clustersQueryOptions().queryKey, balanceQueryOptions().queryKey],
    onSuccess: (c) => {
      const said = terminateOutcome(c, Date.now());
      toast.success(said.title, { description: said.description });
      setOpen(false);
      onDone(c);
    },
  });
  const pending = terminate.isPending;
  const error = terminate.error?.message ?? null;
  const id = useId();
  const matches = typed.trim() === cluster.name && (!askReason || reason.trim() !== "");
  const cost = costSoFar(cluster, now);

  const submit = form.handleSubmit(({ confirmName, reason }) => {
    if (confirmName.trim() === cluster.name)
      terminate.mutate({ id: cluster.id, confirmName, ...(askReason ? { reason } : {}) });
  });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          form.reset();
          terminate.reset();
        }
      }}
    >
      <AlertDialogContent>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Terminate {cluster.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              All {cluster.node_count} machines are shut down and released. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <p className="text-sm" data-testid="terminate-survives">
            {survivesText(cluster)}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border bg-muted/50 px-3 py-2 text-sm">
            <dt className="text-muted-foreground">Cost so far</dt>
            <dd className="font-medium tabular-nums" data-testid="terminate-cost">
              {formatUsd(cost.amount)}
            </dd>
            <dt className="text-muted-foreground">Stops billing</dt>
            <dd className="tabular-nums">
              {cost.billing ? formatHourly(hourlyRate(cluster)) : "nothing is being billed"}
            </dd>
          </dl>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>
              Type <span className="rounded bg-muted px-1 font-mono">{cluster.name}</span> to confirm
            </Label>
            <Input
              id={`${id}-name`}
              {...form.register("confirmName")}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={typed.length > 0 && typed.trim() !== cluster.name ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {askReason && (
            <ReasonField
              id={`${id}-reason`}
              value={reason}
              onChange={(v) => form.setValue("reason", v)}
              error={terminate.error?.fieldErrors?.reason ?? null}
            />
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Keep it running</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || pending}>
              {pending && (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              )}
              Terminate cluster
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
