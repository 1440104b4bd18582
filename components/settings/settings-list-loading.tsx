import { Skeleton } from "@/components/ui/skeleton";

/** A settings page of rows (keys, a team) while it loads: the heading's shape, then two rows with a button each. */
export function SettingsListLoading({ label }: { label: string }) {
  return (
    <div className="max-w-3xl" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="mb-3 h-4 w-20" />
      <Skeleton className="mb-2 h-7 w-40" />
      <Skeleton className="mb-8 h-4 w-full max-w-lg" />
      <div className="divide-y rounded-lg border">
        {[0, 1].map((i) => (
          <div key={i} className="flex items-center gap-4 px-4 py-4">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-64" />
            </div>
            <Skeleton className="h-8 w-24" />
          </div>
        ))}
      </div>
    </div>
  );
}
