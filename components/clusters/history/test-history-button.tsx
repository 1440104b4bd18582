"use client";

import dynamic from "next/dynamic";
import { lazyDialog, type OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import type { TestHistoryProps } from "./test-history-dialog";

// Loaded at the first click: not part of the cluster page's first load.
const TestHistoryDialog = lazyDialog<TestHistoryProps & OpenProps>(
  dynamic(() => import("./test-history-dialog").then((m) => m.TestHistoryDialog)),
);

/** "History": every NCCL run kept for this cluster, two of them overlaid on one chart. */
export function TestHistoryButton(props: TestHistoryProps) {
  return (
    <TestHistoryDialog
      {...props}
      trigger={
        <Button size="sm" variant="outline">
          History
        </Button>
      }
    />
  );
}
