import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { OffersView } from "@/components/offers/offers-view";
import { OffersHeading } from "@/components/offers/offers-heading";
import { OffersSkeleton } from "@/components/offers/offers-states";
import { getRuncrateContext } from "@/lib/keys/server/runcrate-context";
import { prefetchOffers } from "@/lib/offers/server/prefetch";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { SearchParams } from "nuqs/server";
import { effectivePolicy } from "@/lib/policies/server/policy-store";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "Offers" };

// The shell streams at once with the title and a skeleton; the list follows with its data already in it. One
// wrapping row holds the title, the list's counts (beside it when there is room) and the list below both.
export default function OffersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
      <OffersHeading className="flex-1 basis-md" />
      <Suspense fallback={<OffersSkeleton className="w-full" />}>
        <PrefetchedOffers searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function PrefetchedOffers({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await getRuncrateContext();
  if (ctx.state === "signed-out") redirect("/sign-in?callbackUrl=%2Foffers");
  const [state, policy] = await Promise.all([
    prefetchOffers(ctx, await searchParams),
    // The team's policy: offers it would refuse are marked, with why (none in one's own team).
    ctx.state === "ready" && !ctx.team.personal
      ? effectivePolicy(await getDb(), ctx.team.teamId, ctx.user.id)
      : null,
  ]);
  return (
    <HydrationBoundary state={state ?? undefined}>
      <NuqsAdapter>
        <OffersView policy={policy} />
      </NuqsAdapter>
    </HydrationBoundary>
  );
}
