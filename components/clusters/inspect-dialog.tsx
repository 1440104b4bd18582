"use client";

import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { CopyButton } from "@/components/common/copy-button";
import type { OpenProps } from "@/components/common/lazy-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { apiGet } from "@/lib/query/fetch-api";

/** The raw cluster JSON, pretty-printed, with a copy button. Read once when opened (and again on reopening). */
export function InspectDialog({ id, open, onOpenChange }: OpenProps & { id: string }) {
  const raw = useQuery({
    queryKey: ["clusters", "raw", id],
    queryFn: ({ signal }) => apiGet<unknown>(`/api/clusters/${encodeURIComponent(id)}/raw`, signal),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const text = raw.data === undefined ? null : JSON.stringify(raw.data, null, 2);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[85vh] flex-col sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Inspect cluster</DialogTitle>
          <DialogDescription>
            The cluster object exactly as Runcrate sent it, fields this console does not show included.
            Secrets are redacted.
          </DialogDescription>
        </DialogHeader>
        {raw.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />{" "}
            Reading…
          </p>
        ) : raw.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {raw.error.message}
          </p>
        ) : text !== null ? (
          <>
            <div className="flex justify-end">
              <CopyButton value={text} label="Copy JSON" showText variant="outline" size="sm" />
            </div>
            <pre
              data-testid="inspect-json"
              tabIndex={0}
              className="min-h-0 flex-1 overflow-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed"
            >
              {text}
            </pre>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
