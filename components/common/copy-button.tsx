"use client";

import * as React from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { toast } from "sonner";

import { cn } from "@/lib/utils";
import { Button, type ButtonProps } from "@/components/ui/button";
import { copyText } from "@/components/common/copy-text";
import { useHydrated } from "@/components/common/use-hydrated";

const COPIED_MS = 2000;

type CopyButtonProps = Omit<ButtonProps, "onClick" | "value" | "children" | "asChild"> & {
  /** The exact text put on the clipboard. */
  value: string;
  /** What is being copied, for the accessible name ("Copy SSH command"). Defaults to "Copy to clipboard". */
  label?: string;
  /** Show a text label next to the icon instead of an icon-only button. */
  showText?: boolean;
  onCopied?: () => void;
};

/**
 * Copies `value`, swaps the icon for a check for two seconds and announces "Copied" to screen readers.
 * When the browser refuses the clipboard, a toast says so and suggests copying by hand.
 */
function CopyButton({
  value,
  label,
  showText = false,
  onCopied,
  className,
  variant = "ghost",
  size,
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = React.useState(false);
  const hydrated = useHydrated();
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);

  React.useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function handleCopy() {
    const ok = await copyText(value);
    if (!ok) {
      setCopied(false);
      toast.error("Couldn't copy to the clipboard", {
        description: "Your browser blocked clipboard access. Select the text and copy it manually.",
      });
      return;
    }
    setCopied(true);
    onCopied?.();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  const name = label ? `Copy ${label}` : "Copy to clipboard";
  const Icon = copied ? CheckIcon : CopyIcon;
  return (
    <>
      <Button
        type="button"
        data-slot="copy-button"
        data-copied={copied || undefined}
        variant={variant}
        size={size ?? (showText ? "sm" : "icon-sm")}
        aria-label={showText && !label ? undefined : name}
        title={showText ? undefined : name}
        className={cn("text-muted-foreground hover:text-foreground data-[copied]:text-success", className)}
        onClick={handleCopy}
        {...props}
        disabled={props.disabled || !hydrated}
      >
        <Icon aria-hidden="true" className={cn(!showText && "size-3.5")} />
        {showText && <span>{copied ? "Copied" : "Copy"}</span>}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {copied ? "Copied" : ""}
      </span>
    </>
  );
}

export { CopyButton, type CopyButtonProps };
