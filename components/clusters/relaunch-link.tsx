import { RotateCwIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { launchHref } from "@/lib/offers/launch-params";

/** "Launch again": the create form filled from this cluster's launch (a new launch, never a replay). */
export function RelaunchLink({ id }: { id: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={launchHref("/clusters/new", { from: id })} prefetch={false}>
        <RotateCwIcon aria-hidden="true" />
        Launch again
      </Link>
    </Button>
  );
}
