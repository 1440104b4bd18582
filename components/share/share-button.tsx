"use client";

import dynamic from "next/dynamic";
import { lazyDialog, type OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import type { ShareProps } from "./share-dialog";

// Loaded at the first click: not part of the cluster page's first load.
const ShareDialog = lazyDialog<ShareProps & OpenProps>(
  dynamic(() => import("./share-dialog").then((m) => m.ShareDialog)),
);

export function ShareButton(props: ShareProps) {
  return (
    <ShareDialog
      {...props}
      trigger={
        <Button variant="outline" size="sm">
          Share
        </Button>
      }
    />
  );
}
