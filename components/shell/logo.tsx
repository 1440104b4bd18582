import { cn } from "@/lib/utils";

/** The Clusterdeck mark: four nodes on a deck. Decorative; pair it with the visible name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-6 shrink-0", className)}
    >
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <g className="fill-brand-foreground">
        <rect x="8" y="8" width="6.5" height="6.5" rx="1.75" />
        <rect x="17.5" y="8" width="6.5" height="6.5" rx="1.75" />
        <rect x="8" y="17.5" width="6.5" height="6.5" rx="1.75" />
        <rect x="17.5" y="17.5" width="6.5" height="6.5" rx="1.75" opacity="0.55" />
      </g>
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("flex items-center gap-2 text-sm font-semibold tracking-tight", className)}>
      <LogoMark />
      <span>Clusterdeck</span>
    </span>
  );
}
