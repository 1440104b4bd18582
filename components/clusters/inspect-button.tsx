"use client";

import { BracesIcon } from "lucide-react";
import { lazyDialog } from "@/components/shared/lazy-dialog";
import { Button } from "@/components/ui/button";

// The dialog and its JSON load on hover, focus or the first click; the page carries only this button.
const InspectDialog = lazyDialog(() => import("./inspect-dialog").then((m) => m.InspectDialog));

/** Inspect: the cluster object as Runcrate sent it (issue #14.12). */
export function InspectButton({ id }: { id: string }) {
  return (
    <InspectDialog
      id={id}
      trigger={
        <Button variant="outline" size="sm">
          <BracesIcon aria-hidden="true" />
          Inspect
        </Button>
      }
    />
  );
}
