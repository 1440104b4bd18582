/**
 * Each console segment that streams has a loading.tsx of its own, never one above /clusters/[id]: a boundary above a
 * page starts the stream, and a page that streams can no longer answer 404 (the cluster page must, for unknown ids).
 * Nor above /offers and /clusters/new, so that their first paint holds the page's largest text (the Largest
 * Contentful Paint): a boundary's content is shown no sooner than 300 ms after the first paint (React's reveal
 * throttle). The offers page streams its list behind a Suspense of its own, under a title sent at once; the form's
 * data is quick to read, so it comes whole (docs/performance.md).
 */
import { Skeleton } from "@/components/ui/skeleton";

/** Shown inside the shell while a console page streams in: a title, a toolbar and a few table rows. */
export function ConsoleLoading() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">Loading…</span>
      <div className="flex items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <Skeleton className="hidden h-9 w-32 sm:block" />
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-24" />
      </div>
      <div className="overflow-hidden rounded-lg border">
        <div className="flex gap-4 border-b bg-muted/40 px-3 py-2.5">
          {[28, 16, 12, 14, 10].map((w, i) => (
            <Skeleton key={i} className="h-3.5" style={{ width: `${w}%` }} />
          ))}
        </div>
        {Array.from({ length: 6 }, (_, row) => (
          <div key={row} className="flex gap-4 border-b px-3 py-3 last:border-b-0">
            {[28, 16, 12, 14, 10].map((w, i) => (
              <Skeleton key={i} className="h-4" style={{ width: `${w - ((row + i) % 3) * 2}%` }} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
