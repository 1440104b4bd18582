"use client";

import * as React from "react";
import dynamic from "next/dynamic";

/**
 * Toasts that cost nothing until the first one: `toast.success()` / `toast.error()` queue the message, mount the
 * (sonner) toaster on demand, and hand the queue over once it is subscribed. No page needs a toast at first load,
 * and sonner is ~9 kB gzip that every page used to download up front (measured by the bench's page-weight section).
 */

export type ToastOptions = { description?: string };
type Kind = "success" | "error";
type Pending = { kind: Kind; title: string; options?: ToastOptions };
type SonnerToast = typeof import("sonner").toast;

let queue: Pending[] = [];
let sonner: SonnerToast | null = null;
/** Whether a toast has been asked for yet: a tiny external store LazyToaster subscribes to. */
let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, title: string, options?: ToastOptions): void {
  if (sonner) {
    sonner[kind](title, options);
    return;
  }
  queue.push({ kind, title, options });
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
}

export const toast = {
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
};

/** Called by the loaded toaster once sonner has subscribed: everything queued so far is shown. */
export function toasterReady(t: SonnerToast): void {
  sonner = t;
  const pending = queue;
  queue = [];
  for (const p of pending) t[p.kind](p.title, p.options);
}

/** Called when the toaster unmounts (a test tearing the tree down): later toasts queue again. */
export function toasterGone(): void {
  sonner = null;
}

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once in the root providers; renders the toaster from the first toast on. */
export function LazyToaster() {
  const on = React.useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return on ? <Toaster /> : null;
}
