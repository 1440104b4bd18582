"use client";

import { AlertTriangleIcon, Loader2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/common/copy-button";
import { formatRunway } from "@/lib/format/duration";
import { formatHourly, formatUsd } from "@/lib/format/money";
import { validNodeCounts } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";
import { useLaunchEstimate } from "./use-launch-estimate";

function Row({
  label,
  children,
  strong,
  hint,
}: {
  label: string;
  children: React.ReactNode;
  strong?: boolean;
  hint?: string;
}) {
  // A <div> directly in the <dl> may hold only its dt/dd group, so the hint is a second <dd> of the same term.
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-1">
      <dt className="whitespace-nowrap text-muted-foreground">{label}</dt>
      <dd className={cn("text-right tabular-nums", strong && "font-semibold")}>{children}</dd>
      {hint ? <dd className="basis-full text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** The cost of what the form would launch, against the balance, with the launch button and "Copy as curl". */
export function LaunchSummary({
  offer,
  nodeCount,
  curl,
  formId,
  pending,
  balanceProblem,
}: {
  offer: Offer;
  nodeCount: number;
  curl: string;
  formId: string;
  pending: boolean;
  balanceProblem: string | null;
}) {
  const { balance, n, estimate: e } = useLaunchEstimate(offer, nodeCount);
  const burning = (balance.data?.activeUsageCost ?? 0) > 0;
  const fewer = n !== null && validNodeCounts(offer).some((c) => c < n);

  return (
    <section
      aria-labelledby="summary-title"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-sm shadow-xs"
    >
      <h2 id="summary-title" className="font-semibold">
        Summary
      </h2>
      <dl className="divide-y">
        <Row label="Machines">
          {n === null ? "—" : `${n} × ${offer.gpus_per_node} ${offer.gpu_type}`}
          {n !== null ? (
            <span className="block text-xs text-muted-foreground">{n * offer.gpus_per_node} GPUs in all</span>
          ) : null}
        </Row>
        <Row label="Per node">{formatHourly(offer.hourly_rate_per_node)}</Row>
        <Row label="Cluster" strong>
          {e ? formatHourly(e.hourlyRate) : "—"}
        </Row>
        <Row label="Needed to launch" hint="The balance must cover max($10, one hour of the whole cluster).">
          {e ? formatUsd(e.required) : "—"}
        </Row>
        <Row label="Balance">
          {balance.isPending ? (
            "…"
          ) : balance.isError ? (
            <span className="text-muted-foreground">unavailable</span>
          ) : (
            formatUsd(balance.data.creditsBalance)
          )}
        </Row>
        {e && e.runwayHours !== null ? (
          <Row label="Balance lasts">
            {formatRunway(e.runwayHours)}
            {burning ? (
              <span className="block text-xs text-muted-foreground">
                with {formatHourly(balance.data?.activeUsageCost ?? 0)} already running
              </span>
            ) : null}
          </Row>
        ) : null}
      </dl>

      {e && e.shortfall !== null && e.shortfall > 0 && !balanceProblem ? (
        <p
          className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-2 text-destructive"
          data-testid="shortfall"
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Your balance is {formatUsd(e.shortfall)} short. Add credits on runcrate.ai
            {fewer ? " or pick fewer nodes" : ""}; Runcrate will refuse this launch until then.
          </span>
        </p>
      ) : null}
      {balanceProblem ? (
        <div
          role="alert"
          className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-2 text-destructive"
          data-testid="balance-problem"
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {balanceProblem}
            {/* The API's message usually names both amounts; add ours only when it does not, and say they are ours. */}
            {e && !balanceProblem.includes("$")
              ? ` Clusterdeck's estimate: this launch needs about ${formatUsd(e.required)}${balance.data ? `; the balance was ${formatUsd(balance.data.creditsBalance)} when last read` : ""}.`
              : ""}
          </span>
        </div>
      ) : null}
      {balance.isError ? (
        <p className="text-xs text-muted-foreground">
          The balance could not be read ({balance.error.message}); Runcrate still checks it at launch.
        </p>
      ) : null}

      <Button type="submit" form={formId} disabled={pending} size="lg" className="w-full">
        {pending ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden /> Launching…
          </>
        ) : (
          "Launch cluster"
        )}
      </Button>
      <p className="text-xs text-muted-foreground">
        Billing starts when every machine is up and joined, for all of them at once; a cluster that never
        starts costs nothing.
      </p>
      <div className="flex items-center justify-between gap-2 border-t pt-3">
        <span className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">Copy as curl</span>: the exact request, with
          $RUNCRATE_API_KEY in place of your key.
        </span>
        <CopyButton value={curl} label="as curl" showText variant="outline" size="sm" />
      </div>
    </section>
  );
}
