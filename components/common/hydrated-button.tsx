"use client";

import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/common/use-hydrated";

/**
 * A Button whose work is a click handler: disabled in the server's HTML and until the page has hydrated, when a click
 * would do nothing. The flag is read here, in the leaf, because React re-renders each reader of it
 * synchronously once hydration is done: a card that read it re-rendered whole, inside hydration's longest task.
 */
export function HydratedButton({ disabled, ...props }: React.ComponentProps<typeof Button>) {
  const hydrated = useHydrated();
  return <Button {...props} disabled={disabled || !hydrated} />;
}
