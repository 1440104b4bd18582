import type { Metadata } from "next";
import Link from "next/link";
import { CompassIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { StandalonePage } from "@/components/shell/standalone-page";
import { StatusMessage } from "@/components/shell/status-message";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <StandalonePage>
      <StatusMessage
        icon={<CompassIcon aria-hidden="true" />}
        title="Page not found"
        actions={
          <>
            <Button asChild>
              <Link href="/clusters">Go to clusters</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/offers">Browse offers</Link>
            </Button>
          </>
        }
      >
        There is nothing at this address. It may have been mistyped, or the thing it pointed to no longer
        exists.
      </StatusMessage>
    </StandalonePage>
  );
}
