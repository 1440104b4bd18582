import type { Metadata } from "next";
import { Suspense } from "react";
import { OffersView } from "@/components/offers/offers-view";
import { OffersSkeleton } from "@/components/offers/offers-states";

export const metadata: Metadata = { title: "Offers" };

// The view reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
export default function OffersPage() {
  return (
    <Suspense fallback={<OffersSkeleton />}>
      <OffersView />
    </Suspense>
  );
}
