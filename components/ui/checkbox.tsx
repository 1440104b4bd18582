import * as React from "react";
import { CheckIcon } from "lucide-react";

import { cn } from "@/lib/utils";

type CheckboxProps = Omit<React.ComponentProps<"input">, "type"> & {
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A native checkbox drawn in the design's style: the browser keeps its keyboard, form and accessibility behaviour,
 * and the page ships no script for it (Radix Checkbox re-implemented all of that in JavaScript).
 */
function Checkbox({ className, onChange, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span data-slot="checkbox" className="relative inline-flex size-4 shrink-0">
      <input
        type="checkbox"
        className={cn(
          "peer size-4 shrink-0 cursor-[inherit] appearance-none rounded-[4px] border border-input bg-background shadow-xs transition-shadow outline-none dark:bg-input/20",
          "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
          "checked:border-primary checked:bg-primary",
          className,
        )}
        onChange={(e) => {
          onChange?.(e);
          onCheckedChange?.(e.target.checked);
        }}
        {...props}
      />
      <CheckIcon
        aria-hidden
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}

export { Checkbox };
