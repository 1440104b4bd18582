import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A centred "what happened, what now" block for error, not-found and empty states: an icon, a heading,
 * a plain-words explanation, optional small print (an error reference) and the actions.
 */
export function StatusMessage({
  icon,
  title,
  children,
  reference,
  actions,
  className,
  headingLevel = 1,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  reference?: string | null;
  actions?: React.ReactNode;
  className?: string;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className={cn("mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center", className)}>
      <div className="mb-4 flex size-10 items-center justify-center rounded-full border bg-muted text-muted-foreground [&_svg]:size-5">
        {icon}
      </div>
      <Heading className="text-lg font-semibold tracking-tight">{title}</Heading>
      <div className="mt-2 text-sm text-pretty text-muted-foreground">{children}</div>
      {reference && (
        <p className="mt-3 text-xs text-muted-foreground">
          Reference <code className="rounded bg-muted px-1 py-0.5 font-mono text-[11px]">{reference}</code>
        </p>
      )}
      {actions && <div className="mt-6 flex flex-wrap items-center justify-center gap-2">{actions}</div>}
    </div>
  );
}
