"use client";

import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * Native radio buttons in the design's style. One name per group gives the browser's own model: Tab enters at the
 * checked one, arrow keys move and select, and a form sees the value. No script beyond React's change handler (Radix
 * RadioGroup re-implemented this with roving focus in JavaScript).
 */
type Group = { name: string; value: string | undefined; onValueChange?: (value: string) => void };
const GroupContext = React.createContext<Group | null>(null);

function RadioGroup({
  className,
  name,
  value,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<"div">, "onChange"> & {
  name?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  const generated = React.useId();
  const group = React.useMemo(
    () => ({ name: name ?? generated, value, onValueChange }),
    [name, generated, value, onValueChange],
  );
  return (
    <GroupContext.Provider value={group}>
      <div role="radiogroup" data-slot="radio-group" className={cn("grid gap-2.5", className)} {...props} />
    </GroupContext.Provider>
  );
}

function RadioGroupItem({
  className,
  value,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "value" | "name" | "checked"> & { value: string }) {
  const group = React.useContext(GroupContext);
  if (!group) throw new Error("RadioGroupItem must be inside a RadioGroup");
  return (
    <span data-slot="radio-group-item" className={cn("relative inline-flex size-4 shrink-0", className)}>
      <input
        type="radio"
        name={group.name}
        value={value}
        checked={group.value === value}
        onChange={(e) => {
          if (e.target.checked) group.onValueChange?.(value);
        }}
        className={cn(
          "peer size-4 shrink-0 cursor-[inherit] appearance-none rounded-full border border-input bg-background shadow-xs transition-shadow outline-none dark:bg-input/20",
          "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          "checked:border-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        )}
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute inset-0 m-auto size-2 rounded-full bg-primary opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}

export { RadioGroup, RadioGroupItem };
