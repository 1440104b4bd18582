import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CreateClusterForm } from "@/components/create-cluster/create-cluster-form";
import { OfferProblem } from "@/components/create-cluster/offer-problem";
import { getRuncrateContext } from "@/lib/server/keys/runcrate-context";
import { env } from "@/lib/server/env";
import { MAX_NODES, MIN_NODES, type Offer } from "@/lib/runcrate/schemas";
import { isRuncrateError } from "@/lib/server/runcrate/errors";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "New cluster" };

/** A value from the query, trimmed; null when missing or blank. */
function text(sp: PageSearchParams, key: string): string | null {
  return firstParam(sp, key)?.trim() || null;
}

export default async function NewClusterPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const sp = await searchParams;
  const offerId = text(sp, "offer");
  const nodesRaw = text(sp, "nodes");
  const nodes =
    nodesRaw && /^\d{1,2}$/.test(nodesRaw) && Number(nodesRaw) >= MIN_NODES && Number(nodesRaw) <= MAX_NODES
      ? Number(nodesRaw)
      : null;

  if (!offerId || offerId.length > 300) {
    return (
      <OfferProblem title="Pick an offer first">
        A cluster is launched from one offer. Choose one on the offers page, then press Launch.
      </OfferProblem>
    );
  }

  const ctx = await getRuncrateContext();
  if (ctx.state === "signed-out")
    redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/clusters/new?offer=${offerId}`)}`);
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

  let offer: Offer | undefined;
  try {
    // GET /clusters/offers, community included: the link may point at a community offer.
    offer = (await ctx.client.listOffers({ includeCommunity: true })).find((o) => o.id === offerId);
  } catch (e) {
    if (!isRuncrateError(e)) throw e;
    return (
      <OfferProblem
        title="Couldn’t load the offer"
        action={{ href: `/clusters/new?offer=${encodeURIComponent(offerId)}`, label: "Try again" }}
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
      <CreateClusterForm offer={offer} apiBaseUrl={env().RUNCRATE_API_URL} initialNodes={nodes} />
    </div>
  );
}
