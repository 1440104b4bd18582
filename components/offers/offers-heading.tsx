import { cn } from "@/lib/utils";

/**
 * The offers page's title, rendered by the server outside the list's Suspense boundary: it is in the first paint,
 * where the list arrives in a later chunk and React shows it no sooner than 300 ms after that paint. On a phone this
 * description is the page's largest text, so the Largest Contentful Paint is the first paint (docs/performance.md).
 */
export function OffersHeading({ className }: { className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <h1 className="text-xl font-semibold tracking-tight">Offers</h1>
      <p className="text-sm text-muted-foreground">
        Pick the machines for a cluster. Prices are per hour; a launch needs a balance of at least max($10,
        one hour of the whole cluster).
      </p>
    </div>
  );
}
