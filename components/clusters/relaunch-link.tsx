import Link from "next/link";
import { Button } from "@/components/ui/button";

/** "Launch again": the create form filled from this cluster's launch (a new launch, never a replay). */
export function RelaunchLink({ id }: { id: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      {/* Written by hand, not with launchHref: nuqs' serializer would be the cluster page's only use of it. */}
      <Link href={`/clusters/new?from=${encodeURIComponent(id)}`} prefetch={false}>
        Launch again
      </Link>
    </Button>
  );
}
