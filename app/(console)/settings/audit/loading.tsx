import { Skeleton } from "@/components/ui/skeleton";

export default function AuditLoading() {
  return (
    <div className="max-w-5xl" role="status" aria-busy="true" aria-label="Loading the audit log">
      <Skeleton className="mb-3 h-4 w-20" />
      <Skeleton className="mb-2 h-7 w-32" />
      <Skeleton className="mb-8 h-4 w-full max-w-xl" />
      <div className="flex flex-col gap-3 rounded-lg border p-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    </div>
  );
}
