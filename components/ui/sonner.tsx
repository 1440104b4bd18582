"use client";

import * as React from "react";
import { useTheme } from "next-themes";
import { Toaster as Sonner, toast, type ToasterProps } from "sonner";
import { CircleCheckIcon, InfoIcon, LoaderCircleIcon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";

import { toasterGone, toasterReady } from "@/components/shared/toast";

/**
 * The app's toaster: follows the resolved theme and uses the palette's popover colours. Loaded on demand by
 * LazyToaster (components/shared/toast.tsx); once mounted, it takes over the queued toasts. Sonner subscribes in its own
 * effect, which runs before this component's (children first), so nothing queued is lost.
 */
function Toaster(props: ToasterProps) {
  const { theme = "system" } = useTheme();
  React.useEffect(() => {
    toasterReady(toast);
    return toasterGone;
  }, []);
  return (
    <Sonner
      theme={theme as ToasterProps["theme"]}
      className="toaster group"
      position="bottom-right"
      closeButton
      icons={{
        success: <CircleCheckIcon className="size-4 text-success" />,
        info: <InfoIcon className="size-4 text-info" />,
        warning: <TriangleAlertIcon className="size-4 text-warning" />,
        error: <OctagonXIcon className="size-4 text-destructive" />,
        loading: <LoaderCircleIcon className="size-4 animate-spin" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
      toastOptions={{
        classNames: { toast: "font-sans text-sm shadow-md", description: "text-muted-foreground" },
      }}
      {...props}
    />
  );
}

export { Toaster };
