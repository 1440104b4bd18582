"use client";

import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { CopyButton } from "@/components/common/copy-button";
import type { OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { createShareLink, revokeShareLink } from "@/lib/share/actions";
import { formatDateTime } from "@/lib/format/date";
import { apiGet } from "@/lib/query/fetch-api";
import { useActionMutation } from "@/lib/query/mutation";
import {
  expiryLabel,
  SHARE_DEFAULT_HOURS,
  SHARE_HOUR_CHOICES,
  sharePath,
  type ShareLinkView,
} from "@/lib/share/share-links";
import { clusterQueryOptions } from "@/lib/clusters/queries";

/** The cluster to share: its id; its name comes from the page's own read of it. */
export type ShareProps = { clusterId: string };

function linkState(l: ShareLinkView, now: number): string {
  if (l.revokedAt) return `Revoked ${formatDateTime(l.revokedAt)}`;
  if (Date.parse(l.expiresAt) <= now) return `Expired ${formatDateTime(l.expiresAt)}`;
  return `Active until ${formatDateTime(l.expiresAt)}`;
}

/**
 * Create a read-only link to this cluster for other signed-in users, see who opened each link, revoke one. The link
 * shows status, phases, nodes, events, cost and test results — no addresses, snippets or actions.
 */
export function ShareDialog({ clusterId, open, onOpenChange }: ShareProps & OpenProps) {
  // The cluster page has read it already (and keeps it fresh): this only looks at that read.
  const name = useQuery({ ...clusterQueryOptions(clusterId), enabled: false }).data?.name ?? "this cluster";
  const selectId = useId();
  const [hours, setHours] = useState<number>(SHARE_DEFAULT_HOURS);
  const [created, setCreated] = useState<string | null>(null);
  const listKey = ["clusters", "shares", clusterId];
  const links = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) =>
      apiGet<ShareLinkView[]>(`/api/clusters/${encodeURIComponent(clusterId)}/shares`, signal),
    enabled: open,
  });
  const now = links.dataUpdatedAt || 0;

  // One alert under the controls: the latest refusal of either action, cleared by the next attempt.
  const [error, setError] = useState<string | null>(null);
  const onError = (failure: Error) => setError(failure.message);
  const create = useActionMutation(createShareLink, {
    invalidates: [listKey],
    onSuccess: (made) => setCreated(`${window.location.origin}${sharePath(made.token)}`),
    onError,
  });
  const revoke = useActionMutation(revokeShareLink, { invalidates: [listKey], onError });
  const pending = create.isPending || revoke.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>Share read-only</DialogTitle>
          <DialogDescription>
            A link other signed-in users of this Clusterdeck can open: status, phases, machines, events, cost
            and test results of {name}. No addresses, commands or actions; read with your key on the server.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>Expires after</Label>
            <NativeSelect
              id={selectId}
              value={String(hours)}
              onChange={(e) => setHours(Number(e.target.value))}
            >
              {SHARE_HOUR_CHOICES.map((h) => (
                <option key={h} value={h}>
                  {expiryLabel(h)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            onClick={() => {
              setError(null);
              create.mutate({ clusterId, hours });
            }}
            disabled={pending}
          >
            {pending ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : null}
            Create link
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {created && (
          <div className="flex flex-col gap-1.5" role="status">
            <p className="text-sm">Link created. It is shown only now: copy it.</p>
            <div className="flex items-center gap-2 rounded-md border bg-muted/60 p-2">
              <code className="min-w-0 flex-1 truncate font-mono text-xs" data-testid="share-url">
                {created}
              </code>
              <CopyButton value={created} label="share link" />
            </div>
          </div>
        )}
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">Links</h3>
          {links.isPending ? (
            <p className="text-sm text-muted-foreground">Loading…</p>
          ) : !links.data?.length ? (
            <p className="text-sm text-muted-foreground">No links yet.</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border" aria-label="Share links">
              {links.data.map((l) => {
                const active = !l.revokedAt && Date.parse(l.expiresAt) > now;
                return (
                  <li key={l.id} className="flex flex-col gap-1 px-3 py-2 text-sm" data-testid="share-link">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span data-testid="share-state">{linkState(l, now)}</span>
                      {active && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            setError(null);
                            revoke.mutate({ id: l.id });
                          }}
                          disabled={pending}
                        >
                          Revoke
                        </Button>
                      )}
                    </div>
                    <span className="text-xs text-muted-foreground">
                      Created {formatDateTime(l.createdAt)}
                    </span>
                    {l.opens.length > 0 ? (
                      <ul
                        className="text-xs text-muted-foreground"
                        aria-label="Opened by"
                        data-testid="share-opens"
                      >
                        {l.opens.map((o) => (
                          <li key={o.email}>
                            Opened by {o.email} ·{" "}
                            {o.count === 1
                              ? formatDateTime(o.firstAt)
                              : `${o.count} times, first ${formatDateTime(o.firstAt)}, last ${formatDateTime(o.lastAt)}`}
                          </li>
                        ))}
                        {l.openers > l.opens.length ? <li>and {l.openers - l.opens.length} more</li> : null}
                      </ul>
                    ) : (
                      <span className="text-xs text-muted-foreground">Not opened yet</span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
