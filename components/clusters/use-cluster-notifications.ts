"use client";

import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { formatGbps } from "@/lib/format/number";
import { isTestActive, peakBusbw } from "@/lib/clusters/nccl";
import type { Cluster } from "@/lib/runcrate/schemas";
import { failureReasonText } from "./failure-card";

type Change = { title: string; body: string; kind: "success" | "error" };

/** What changed between two polls that a person would want to hear about. Pure, exported for tests. */
export function noticeableChange(prev: Cluster, next: Cluster): Change | null {
  if (prev.status !== "degraded" && next.status === "degraded") {
    return {
      kind: "error",
      title: `${next.name} is degraded`,
      body: `${next.failure_detail || failureReasonText(next.failure_reason)} It is still up and billed.`,
    };
  }
  if (prev.status === "degraded" && next.status === "ready") {
    return {
      kind: "success",
      title: `${next.name} is healthy again`,
      body: "Runcrate no longer reports a problem.",
    };
  }
  if (prev.status !== "ready" && next.status === "ready" && prev.status !== "resizing") {
    return {
      kind: "success",
      title: `${next.name} is ready`,
      body: `All ${next.node_count} machines are up and the stack is installed.`,
    };
  }
  if (prev.status !== "failed" && next.status === "failed") {
    return {
      kind: "error",
      title: `${next.name} failed`,
      body: `${failureReasonText(next.failure_reason)} Nothing was billed.`,
    };
  }
  const was = prev.last_test;
  const is = next.last_test;
  if (was && isTestActive(was.status) && is && is.id === was.id && !isTestActive(is.status)) {
    const peak = peakBusbw(is);
    return is.status === "failed"
      ? {
          kind: "error",
          title: `NCCL test failed on ${next.name}`,
          body: is.result?.error ?? "The test did not finish.",
        }
      : {
          kind: "success",
          title: `NCCL test finished on ${next.name}`,
          body: peak != null ? `Peak bus bandwidth ${formatGbps(peak)}.` : "Results are in.",
        };
  }
  return null;
}

/** A toast for every noticeable change; a browser notification too when the user has allowed them. */
export function useClusterNotifications(cluster: Cluster | undefined) {
  const prev = useRef<Cluster | undefined>(undefined);
  useEffect(() => {
    const before = prev.current;
    prev.current = cluster;
    if (!before || !cluster || before.id !== cluster.id) return;
    const change = noticeableChange(before, cluster);
    if (!change) return;
    (change.kind === "success" ? toast.success : toast.error)(change.title, { description: change.body });
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      try {
        new Notification(change.title, { body: change.body, tag: `cluster-${cluster.id}` });
      } catch {
        // Some browsers only allow notifications from a service worker; the toast already told the user.
      }
    }
  }, [cluster]);
}
