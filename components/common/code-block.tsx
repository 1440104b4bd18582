"use client";

import { CopyButton } from "@/components/common/copy-button";

/** A snippet with its copy button, for the cluster page's Connect card and the per-rank dialog. */
export function CodeBlock({
  label,
  text,
  testId,
  wrap = false,
}: {
  label: string;
  text: string;
  testId?: string;
  /** Wrap long lines instead of scrolling sideways (one-line commands). */
  wrap?: boolean;
}) {
  return (
    // The copy button sits beside the scrolling code, not over it, so no line is ever hidden under it.
    <div className="flex items-start rounded-md border bg-muted/60" data-testid={testId}>
      <pre
        className={
          wrap
            ? "min-w-0 flex-1 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap"
            : "min-w-0 flex-1 overflow-x-auto p-3 font-mono text-xs leading-relaxed whitespace-pre"
        }
        // A long line scrolls sideways: focusable (and named) so a keyboard can scroll it too.
        {...(wrap ? {} : { tabIndex: 0, "aria-label": label })}
      >
        {text}
      </pre>
      <CopyButton value={text} label={label} className="m-1.5 shrink-0 bg-muted shadow-xs hover:bg-accent" />
    </div>
  );
}
