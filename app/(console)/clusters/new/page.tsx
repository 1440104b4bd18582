import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CreateClusterForm } from "@/components/launch/create-cluster-form";
import { OfferHeader } from "@/components/launch/offer-header";
import { OfferProblem } from "@/components/launch/offer-problem";
import { getRuncrateContext } from "@/lib/keys/server/runcrate-context";
import { env } from "@/lib/server/env";
import type { SearchParams } from "nuqs/server";
import { launchHref, loadLaunchSearchParams } from "@/lib/offers/launch-params";
import type { Offer } from "@/lib/runcrate/schemas";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { launchLimitDefaults } from "@/lib/limits/server/guardian-defaults";
import { guardRef } from "@/lib/spend/server/tracked-clusters";
import { RelaunchView } from "@/components/launch/relaunch-view";
import { planRelaunch } from "@/lib/launch/server/relaunch-source";
import { prefetchLaunchForm } from "@/lib/launch/server/prefetch";
import type { RuncrateContext } from "@/lib/keys/server/runcrate-context";
import type { TeamPolicy, TeamUsage } from "@/lib/policies/policy";
import { effectivePolicy } from "@/lib/policies/server/policy-store";
import { teamUsage } from "@/lib/policies/server/launch-holds";
import type { BudgetStanding } from "@/lib/budgets/budget";
import { budgetStanding } from "@/lib/budgets/server/budget-standing";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "New cluster" };

/** The team's policy and budgets the launch must keep (none in one's own team), and what already runs in the team. */
async function policyOf(
  ctx: Extract<RuncrateContext, { state: "ready" }>,
): Promise<{ policy: TeamPolicy | null; usage: TeamUsage | null; budget: BudgetStanding | null }> {
  if (ctx.team.personal) return { policy: null, usage: null, budget: null };
  const db = await getDb();
  const [policy, usage, budget] = await Promise.all([
    effectivePolicy(db, ctx.team.teamId, ctx.user.id),
    teamUsage(db, ctx.team.teamId, ctx.user.id),
    budgetStanding(db, ctx.team.teamId, ctx.user.id),
  ]);
  return { policy, usage, budget };
}

export default async function NewClusterPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { offer: offerId, nodes, from } = await loadLaunchSearchParams(searchParams);

  if (!offerId && !from) {
    return (
      <OfferProblem title="Pick an offer first">
        A cluster is launched from one offer. Choose one on the offers page, then press Launch.
      </OfferProblem>
    );
  }

  const ctx = await getRuncrateContext();
  if (ctx.state === "signed-out")
    redirect(
      `/sign-in?callbackUrl=${encodeURIComponent(launchHref("/clusters/new", { offer: offerId, from }))}`,
    );
  if (ctx.state === "no-key") {
    return (
      <OfferProblem
        title="Add a Runcrate API key first"
        action={{ href: "/settings", label: "Open Settings" }}
      >
        Launching needs your Runcrate API key. Add it once in Settings; it is stored encrypted and never sent
        to the browser.
      </OfferProblem>
    );
  }

  if (from) return <Relaunch ctx={ctx} from={from} />;
  if (!offerId) return null;

  // The form's other reads run beside the offer's (the page has no loading boundary: it comes whole).
  const prefetched = prefetchLaunchForm(ctx);
  let offer: Offer | undefined;
  try {
    // GET /clusters/offers, community included: the link may point at a community offer; priced for the link's count.
    offer = (await ctx.client.listOffers({ includeCommunity: true, nodes: nodes ?? undefined })).items.find(
      (o) => o.id === offerId,
    );
  } catch (e) {
    if (!isRuncrateError(e)) throw e;
    return (
      <OfferProblem
        title="Couldn’t load the offer"
        action={{ href: launchHref("/clusters/new", { offer: offerId, nodes }), label: "Try again" }}
      >
        {e.userMessage}
      </OfferProblem>
    );
  }
  if (!offer) {
    return (
      <OfferProblem title="That offer isn’t available">
        Runcrate doesn’t list an offer with the id <code className="font-mono">{offerId.slice(0, 80)}</code>.
        It may have been taken, or the link is old.
      </OfferProblem>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">New cluster</h1>
        <p className="text-sm text-muted-foreground">
          All machines start together or none do; the summary shows what it costs before you launch.
        </p>
      </div>
      <HydrationBoundary state={await prefetched}>
        <CreateClusterForm
          offer={offer}
          offerHeader={<OfferHeader offer={offer} />}
          apiBaseUrl={env().RUNCRATE_API_URL}
          initialNodes={nodes}
          {...await launchLimitDefaults(ctx.user.id)}
          {...await policyOf(ctx)}
        />
      </HydrationBoundary>
    </div>
  );
}

/** "Launch again" (?from=<cluster id>): the form filled from that cluster's launch. */
async function Relaunch({ ctx, from }: { ctx: Extract<RuncrateContext, { state: "ready" }>; from: string }) {
  const prefetched = prefetchLaunchForm(ctx);
  let plan: Awaited<ReturnType<typeof planRelaunch>>;
  try {
    plan = await planRelaunch(ctx, from);
  } catch (e) {
    if (!isRuncrateError(e)) throw e;
    return (
      <OfferProblem
        title={e.kind === "not_found" ? "Cluster not found" : "Couldn’t load that cluster"}
        action={
          e.kind === "not_found"
            ? undefined
            : { href: launchHref("/clusters/new", { from }), label: "Try again" }
        }
      >
        {e.userMessage}
      </OfferProblem>
    );
  }
  return (
    <HydrationBoundary state={await prefetched}>
      <RelaunchView
        plan={plan}
        apiBaseUrl={env().RUNCRATE_API_URL}
        {...await launchLimitDefaults(ctx.user.id, guardRef(ctx.key.id, from))}
        {...await policyOf(ctx)}
      />
    </HydrationBoundary>
  );
}
