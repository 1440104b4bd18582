"use client";

import { FieldLoadError } from "@/components/launch/field-load-error";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { useReturnFocus } from "@/components/common/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { sshKeysQueryOptions } from "@/lib/launch/queries";
import { MAX_SSH_KEYS } from "@/lib/runcrate/constants";

// The inline add-key form, and the key schema it checks with, load when first opened.
const AddSshKey = dynamic(() => import("@/components/launch/add-ssh-key").then((m) => m.AddSshKey));

/** Pick up to 20 of the workspace's keys (GET /ssh-keys), or add one inline. */
export function SshKeyField({
  value,
  onChange,
  error,
  describedBy,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  describedBy: string;
}) {
  const keys = useQuery(sshKeysQueryOptions());
  const [adding, setAdding] = useState(false);
  // Closing the inline form (added or cancelled) puts focus back on the button that opened it.
  const addButton = useRef<HTMLButtonElement>(null);
  useReturnFocus(adding, addButton);
  const full = value.length >= MAX_SSH_KEYS;
  // A selected key that the list no longer has (deleted elsewhere) stays visible so it can be unticked.
  const listed = new Set((keys.data ?? []).map((k) => k.id));
  const missing = value.filter((id) => keys.data && !listed.has(id));

  return (
    <div className="flex flex-col gap-2" aria-describedby={describedBy}>
      {keys.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading SSH keys">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-2/3" />
        </div>
      ) : keys.isError ? (
        <FieldLoadError
          what="SSH keys"
          error={keys.error}
          retry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No SSH keys in this workspace yet. Add one below, or launch without: keyless SSH certificates always
          work.
        </p>
      ) : (
        <ul
          className="flex max-h-56 flex-col divide-y overflow-y-auto rounded-md border"
          aria-label="SSH keys"
        >
          {[
            ...keys.data.map((k) => ({ id: k.id, name: k.name, detail: k.fingerprint ?? k.type ?? "" })),
            ...missing.map((id) => ({ id, name: "Key no longer in the workspace", detail: id })),
          ].map((k) => {
            const checked = value.includes(k.id);
            return (
              <li key={k.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted/40 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                  <Checkbox
                    checked={checked}
                    disabled={!checked && full}
                    onCheckedChange={(on) =>
                      onChange(on ? [...value, k.id] : value.filter((x) => x !== k.id))
                    }
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{k.name}</span>
                    <span className="block truncate font-mono text-xs text-muted-foreground">{k.detail}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-xs text-muted-foreground tabular-nums">
        {value.length} of at most {MAX_SSH_KEYS} selected
        {full ? " — the limit; untick one to pick another" : ""}. Keys are installed on every machine.
      </p>
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      {adding ? (
        <AddSshKey
          onAdded={(id) => {
            setAdding(false);
            if (!value.includes(id) && !full) onChange([...value, id]);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          ref={addButton}
          onClick={() => setAdding(true)}
        >
          <PlusIcon /> Add a public key
        </Button>
      )}
    </div>
  );
}
