import { InfoIcon } from "lucide-react";
import { CreateClusterForm } from "@/components/launch/create-cluster-form";
import { OfferHeader } from "@/components/launch/offer-header";
import { OfferProblem } from "@/components/launch/offer-problem";
import type { LimitText } from "@/lib/limits/input";
import type { RelaunchPlan } from "@/lib/launch/server/relaunch-source";
import type { TeamPolicy, TeamUsage } from "@/lib/policies/policy";
import type { BudgetStanding } from "@/lib/budgets/budget";

/** /clusters/new?from=<id>: the create form filled from an earlier launch, with what could not be kept named. */
export function RelaunchView({
  plan,
  apiBaseUrl,
  limitDefaults,
  ceilingMinutes,
  policy = null,
  usage = null,
  budget = null,
}: {
  plan: RelaunchPlan;
  apiBaseUrl: string;
  /** The earlier cluster's limits (or the user's defaults), for the spending-limit fields. */
  limitDefaults?: LimitText;
  ceilingMinutes?: number | null;
  policy?: TeamPolicy | null;
  usage?: TeamUsage | null;
  budget?: BudgetStanding | null;
}) {
  if (plan.state === "offer-gone") {
    const s = plan.source;
    return (
      <OfferProblem
        title="That cluster’s offer isn’t available"
        action={
          plan.gpuType
            ? { href: `/offers?gpu=${encodeURIComponent(plan.gpuType)}`, label: `${plan.gpuType} offers` }
            : undefined
        }
      >
        <p>
          {plan.offerId ? (
            <>
              Runcrate no longer lists the offer{" "}
              <code className="font-mono">{plan.offerId.slice(0, 80)}</code>
            </>
          ) : (
            <>Runcrate does not say which offer {s.name} was launched from</>
          )}
          , so it can’t be launched again as it was. It had {s.nodeCount} nodes and the {s.stack} stack: pick
          a similar offer.
        </p>
      </OfferProblem>
    );
  }
  const { offer, prefill, fromName } = plan;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Launch again</h1>
        <p className="text-sm text-muted-foreground">
          Filled in from {fromName}. This is a new launch: check the values, then launch.
        </p>
      </div>
      {prefill.notes.length > 0 && (
        <div
          role="status"
          className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
          data-testid="relaunch-notes"
        >
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <ul className="flex flex-col gap-1">
            {prefill.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
      <CreateClusterForm
        offer={offer}
        offerHeader={<OfferHeader offer={offer} />}
        apiBaseUrl={apiBaseUrl}
        initialNodes={null}
        prefill={prefill.values}
        limitDefaults={limitDefaults}
        ceilingMinutes={ceilingMinutes}
        policy={policy}
        usage={usage}
        budget={budget}
      />
    </div>
  );
}
