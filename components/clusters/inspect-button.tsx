"use client";

import dynamic from "next/dynamic";
import { BracesIcon } from "lucide-react";
import { lazyDialog } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";

// The dialog and its JSON load at the first click; the page carries only this button.
const InspectDialog = lazyDialog(dynamic(() => import("./inspect-dialog").then((m) => m.InspectDialog)));

/** Inspect: the cluster object as Runcrate sent it, for comparing what the console shows with what the API said. */
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
