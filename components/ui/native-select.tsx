import * as React from "react";
import { ChevronDownIcon } from "lucide-react";

import { cn } from "@/lib/utils";

/**
 * A styled native <select> (shadcn's NativeSelect shape). Chosen over a Radix Select for every picker here: the
 * browser's own list is keyboard- and screen-reader-complete and right on phones, it costs no JavaScript (Radix
 * Select brings popper and floating-ui into the first load; docs/performance.md), and a closed one does not
 * re-render its options on every parent render (Radix renders them into a fragment to show the value), which the
 * offers page would pay on each filter change. `className` sizes the wrapper; the select fills it.
 */
function NativeSelect({
  className,
  size = "default",
  ...props
}: Omit<React.ComponentProps<"select">, "size"> & { size?: "sm" | "default" }) {
  return (
    <div data-slot="native-select-wrapper" className={cn("relative w-fit", className)}>
      <select
        data-slot="native-select"
        data-size={size}
        className={cn(
          "w-full min-w-0 appearance-none rounded-md border border-input bg-background py-1 pr-8 pl-3 text-sm shadow-xs transition-[color,box-shadow] outline-none dark:bg-input/20 dark:hover:bg-input/40",
          "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
          "data-[size=default]:h-9 data-[size=sm]:h-8",
          // The open list follows the page's colours (next-themes also sets color-scheme on <html>).
          "[&_option]:bg-popover [&_option]:text-popover-foreground",
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export { NativeSelect };
