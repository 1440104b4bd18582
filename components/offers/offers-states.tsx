import Link from "next/link";
import { AlertTriangleIcon, SearchXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { formatCount } from "@/lib/format/number";
import { unreadableListText } from "@/lib/query/list-notes";
import type { ListNotes } from "@/lib/runcrate/listed";

export function OffersSkeleton({ className }: { className?: string }) {
  return (
    <div
      className={cn("rounded-md border", className)}
      role="status"
      aria-busy="true"
      aria-label="Loading offers"
    >
      <div className="border-b bg-muted/60 px-2 py-2.5">
        <Skeleton className="h-3 w-2/3" />
      </div>
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b px-2 py-2.5 last:border-0">
          <Skeleton className="h-7 w-28" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="hidden h-4 w-24 md:block" />
          <Skeleton className="hidden h-4 w-32 lg:block" />
          <Skeleton className="ml-auto h-7 w-16" />
        </div>
      ))}
    </div>
  );
}

export function OffersEmpty({
  filtered,
  onClear,
  total,
  notes,
}: {
  filtered: boolean;
  onClear: () => void;
  total: number;
  /** What the list had to leave out: when every offer was unreadable, the page says so, not "no offers". */
  notes: ListNotes | null | undefined;
}) {
  const unreadable = filtered ? null : unreadableListText(notes, "offer");
  if (unreadable)
    return (
      <div
        role="alert"
        data-testid="offers-unreadable"
        className="flex flex-col items-center gap-3 rounded-md border border-warning/40 bg-warning/10 px-6 py-14 text-center"
      >
        <AlertTriangleIcon className="size-8 text-warning" aria-hidden />
        <p className="font-medium">{unreadable.title}</p>
        <p className="max-w-md text-sm text-muted-foreground">{unreadable.body}</p>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-3 rounded-md border border-dashed px-6 py-14 text-center">
      <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
      {filtered ? (
        <>
          <p className="font-medium">No offers match these filters</p>
          <p className="max-w-md text-sm text-muted-foreground">
            {formatCount(total)} offer{total === 1 ? " is" : "s are"} listed, but none fits every filter and
            the search.
          </p>
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <p className="font-medium">No cluster offers right now</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Runcrate lists no offers for this environment at the moment. Offers on community hosts are hidden
            unless you turn them on above.
          </p>
        </>
      )}
    </div>
  );
}

export function OffersError({
  message,
  code,
  onRetry,
  retrying,
}: {
  message: string;
  code: string | null;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-md border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
    >
      <AlertTriangleIcon className="size-8 text-destructive" aria-hidden />
      <p className="font-medium">Couldn’t load offers</p>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      {code === "no_key" ? (
        <Button asChild size="sm">
          <Link href="/settings">Add a key in Settings</Link>
        </Button>
      ) : code === "unauthenticated" ? (
        <Button asChild size="sm">
          <Link href="/sign-in?callbackUrl=%2Foffers">Sign in</Link>
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Retry"}
        </Button>
      )}
    </div>
  );
}
