"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { resizeCluster } from "@/lib/clusters/actions";
import { useQuery } from "@tanstack/react-query";
import { hourlyRate } from "@/lib/spend/cluster-cost";
import { resizedRunwayHours } from "@/lib/spend/estimate";
import { formatRunway } from "@/lib/format/duration";
import { joinOr } from "@/lib/offers/offer-rules";
import { balanceQueryOptions } from "@/lib/query/balance";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { useActionMutation } from "@/lib/query/mutation";
import { resizeTargets } from "@/lib/clusters/node-counts";
import { formatHourly } from "@/lib/format/money";
import type { OpenProps } from "@/components/common/lazy-dialog";
import type { NodeCountLimits } from "@/lib/offers/offer-rules";
import type { Cluster } from "@/lib/runcrate/schemas";
import { useMay } from "./cluster-permissions";
import { ReasonField } from "./reason-field";
import { RequestApproval } from "@/components/approvals/request-approval";

/** Resize to a valid node count (the offer's rules), with the new hourly rate shown before confirming. */
export type ResizeProps = {
  cluster: Cluster;
  limits: NodeCountLimits | null;
  onDone: (c: Cluster) => void;
};

export function ResizeDialog({
  cluster,
  limits,
  onDone,
  open,
  onOpenChange: setOpen,
}: ResizeProps & OpenProps) {
  const [count, setCount] = useState<string>("");
  const [reason, setReason] = useState("");
  const may = useMay("resize");
  const askReason = may.allowed && may.needsReason;
  const resize = useActionMutation(resizeCluster, {
    invalidates: [clustersQueryOptions().queryKey, balanceQueryOptions().queryKey],
    onSuccess: (c, input) => {
      toast.success(`Resizing ${cluster.name} to ${input.nodeCount} nodes`);
      setOpen(false);
      onDone(c);
    },
  });
  const pending = resize.isPending;
  const error = resize.error ? (resize.error.fieldErrors?.nodeCount ?? resize.error.message) : null;
  const id = useId();
  const targets = resizeTargets(cluster.node_count, limits);
  const n = Number(count);
  const newRate = count ? cluster.hourly_rate_per_node * n : null;
  const balance = useQuery(balanceQueryOptions()).data;
  const runway =
    newRate !== null && balance
      ? resizedRunwayHours({
          balance: balance.creditsBalance,
          activeUsageCost: balance.activeUsageCost ?? 0,
          currentRate: cluster.billing ? hourlyRate(cluster) : 0,
          newRate,
        })
      : undefined;

  const confirm = () => resize.mutate({ id: cluster.id, nodeCount: n, ...(askReason ? { reason } : {}) });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setCount("");
          setReason("");
          resize.reset();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resize {cluster.name}</DialogTitle>
          <DialogDescription>
            Now {cluster.node_count} nodes at {formatHourly(hourlyRate(cluster))}.{" "}
            {limits
              ? targets.length > 0
                ? `Counts the offer allows: ${joinOr(targets.map(String))}.`
                : "The offer allows no other count."
              : "The offer's limits are unknown; Runcrate checks the count."}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-count`}>New node count</Label>
          <NativeSelect
            id={`${id}-count`}
            className="w-40"
            value={count}
            onChange={(e) => setCount(e.target.value)}
          >
            <option value="" disabled>
              Pick a count
            </option>
            {targets.map((t) => (
              <option key={t} value={String(t)}>
                {t} nodes
              </option>
            ))}
          </NativeSelect>
        </div>
        <p className="text-sm" aria-live="polite" data-testid="resize-new-rate">
          {newRate !== null ? (
            <>
              New hourly rate <strong className="tabular-nums">{formatHourly(newRate)}</strong>{" "}
              <span className="text-muted-foreground">
                ({n > cluster.node_count ? "+" : "−"}
                {formatHourly(Math.abs(newRate - hourlyRate(cluster)))}); new machines are billed once they
                join.
              </span>
              {runway !== undefined ? (
                <span className="block" data-testid="resize-new-runway">
                  Your balance then lasts{" "}
                  <strong className="tabular-nums">
                    {runway === null ? "indefinitely" : formatRunway(runway)}
                  </strong>{" "}
                  <span className="text-muted-foreground">at the workspace’s new burn rate.</span>
                </span>
              ) : null}
            </>
          ) : (
            <span className="text-muted-foreground">Pick a count to see the new hourly rate.</span>
          )}
        </p>
        {askReason && (
          <ReasonField
            id={`${id}-reason`}
            value={reason}
            onChange={setReason}
            error={resize.error?.fieldErrors?.reason ?? null}
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {resize.error?.kind === "outside-policy" && resize.variables ? (
          <div className="rounded-md border bg-muted/40 p-3 text-sm">
            <RequestApproval
              key={resize.variables.nodeCount}
              ask={{ kind: "resize", id: cluster.id, nodeCount: resize.variables.nodeCount }}
            />
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!count || pending || (askReason && !reason.trim())}>
            {pending && (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            )}
            Resize to {count || "…"} nodes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
