"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import type { ExternalToast } from "sonner";

/**
 * sonner's `toast.success` / `toast.error`, with sonner fetched at the first toast instead of with every page: no
 * page needs a toast at first load, and sonner in every page's first load puts /clusters/[id] over its weight budget
 * (docs/performance.md). The toaster is components/ui/sonner.tsx as shadcn ships it; LazyToaster mounts it from the
 * first toast on, and sonner shows the toasts created before its Toaster subscribed.
 */

type Kind = "success" | "error";

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string, data?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  void import("sonner").then(
    (m) => m.toast[kind](message, data),
    () => undefined, // offline: the toast is lost, the action it reports is not
  );
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show("success", message, data),
  error: (message: string, data?: ExternalToast) => show("error", message, data),
};

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once in the root providers; renders the toaster from the first toast on. */
export function LazyToaster(props: React.ComponentProps<typeof Toaster>) {
  const on = React.useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return on ? <Toaster {...props} /> : null;
}
