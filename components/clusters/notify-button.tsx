"use client";

import { BellIcon, BellOffIcon, BellRingIcon } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { whenIdle } from "@/components/common/when-idle";

/** "unknown": rendered on the server and while hydrating, before the browser can be asked. */
type Permission = NotificationPermission | "unsupported" | "unknown";

/**
 * Reading Notification.permission is a synchronous round trip to the browser process, so it is never read while
 * rendering: the snapshot is the last answer, or
 * "unknown" (what the server rendered) until the first read, which waits for an idle moment after the button mounts.
 * The answer is kept until the browser says it changed.
 */
let known: Permission | null = null;
let mounted = 0;
const readPermission = (): Permission =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;
const snapshot = (): Permission => known ?? "unknown";

function subscribe(onChange: () => void): () => void {
  let status: PermissionStatus | null = null;
  let live = true;
  mounted++;
  const refresh = () => {
    if (!live) return;
    known = readPermission();
    onChange();
  };
  const cancelFirstRead = known === null ? whenIdle(refresh) : () => {};
  navigator.permissions?.query({ name: "notifications" }).then(
    (s) => {
      if (!live) return;
      status = s;
      s.addEventListener("change", refresh);
      // A change made between the first read and this subscription is not missed.
      if (known !== null) refresh();
    },
    () => {},
  );
  return () => {
    live = false;
    cancelFirstRead();
    status?.removeEventListener("change", refresh);
    // Nothing follows the browser while no button is mounted: the next one asks it again.
    if (--mounted === 0) known = null;
  };
}

/** Asks for notification permission only when clicked ("Notify me"), never on page load. */
export function NotifyButton() {
  const initial = useSyncExternalStore(subscribe, snapshot, () => "unknown");
  const [asked, setAsked] = useState<Permission | null>(null);
  // The browser's answer wins once it is more than "not asked yet"; until then, what the click got (also where the
  // browser has no permission events to tell the store, or requestPermission threw).
  const permission = initial === "default" ? (asked ?? initial) : initial;

  if (permission === "unsupported") return null;
  // Hold the button's place until the browser answers, so the actions beside it do not jump after hydration.
  if (permission === "unknown") {
    return (
      <span aria-hidden="true" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "invisible")}>
        <BellIcon />
        Notify me
      </span>
    );
  }
  if (permission === "granted") {
    return (
      <span
        className="inline-flex items-center gap-1 text-xs text-muted-foreground"
        title="You'll get a browser notification when this cluster is ready, fails, or finishes a test."
      >
        <BellRingIcon aria-hidden="true" className="size-3.5" />
        Notifications on
      </span>
    );
  }
  if (permission === "denied") {
    return (
      <span
        className="inline-flex items-center gap-1 text-xs text-muted-foreground"
        title="Allow notifications for this site in your browser settings to get them."
      >
        <BellOffIcon aria-hidden="true" className="size-3.5" />
        Notifications blocked
      </span>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={async () => {
        try {
          setAsked(await Notification.requestPermission());
        } catch {
          setAsked("denied");
        }
        known = readPermission();
      }}
      title="Get a browser notification when this cluster is ready, fails, or finishes a test"
    >
      <BellIcon aria-hidden="true" />
      Notify me
    </Button>
  );
}
