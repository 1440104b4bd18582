"use client";

import dynamic from "next/dynamic";
import { lazyDialog, type OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import type { TransferProps } from "./transfer-dialog";

// Loaded at the first click: not part of the cluster page's first load.
const TransferDialog = lazyDialog<TransferProps & OpenProps>(
  dynamic(() => import("./transfer-dialog").then((m) => m.TransferDialog)),
);

/** "Hand on": an admin gives a colleague's (or their own) cluster to another member of the team. */
export function TransferButton(props: TransferProps) {
  return (
    <TransferDialog
      {...props}
      trigger={
        <Button variant="outline" size="sm">
          Hand on
        </Button>
      }
    />
  );
}
