"use client";

import dynamic from "next/dynamic";
import { Maximize2Icon, PowerIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/common/lazy-dialog";
import { resizeBlocked } from "@/lib/clusters/node-counts";
import type { ResizeProps } from "./resize-dialog";
import type { TerminateProps } from "./terminate-dialog";

// The dialogs load at the first click (components/common/lazy-dialog.tsx); the buttons render at once.
const ResizeDialog = lazyDialog(dynamic(() => import("./resize-dialog").then((m) => m.ResizeDialog)));
const TerminateDialog = lazyDialog(
  dynamic(() => import("./terminate-dialog").then((m) => m.TerminateDialog)),
);

/** Resize, when the API allows it for this cluster; disabled with the reason as its title when it cannot now. */
export function ResizeButton(props: ResizeProps) {
  if (props.cluster.resize !== true) return null;
  const blocked = resizeBlocked(props.cluster, props.limits);
  return (
    <ResizeDialog
      {...props}
      trigger={
        <Button variant="outline" size="sm" disabled={blocked !== null} title={blocked ?? undefined}>
          <Maximize2Icon aria-hidden="true" />
          Resize
        </Button>
      }
    />
  );
}

export function TerminateButton(props: TerminateProps) {
  return (
    <TerminateDialog
      {...props}
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          data-command="terminate"
        >
          <PowerIcon aria-hidden="true" />
          Terminate
        </Button>
      }
    />
  );
}
