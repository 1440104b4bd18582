"use client";

import dynamic from "next/dynamic";
import { ArrowRightIcon, KeyRoundIcon, PlusIcon } from "lucide-react";
import Link from "next/link";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useActivateKey } from "@/components/keys/use-key-actions";
import { formatDate } from "@/lib/format/date";
import type { KeyView } from "@/lib/keys/key-view";
import { useOnceTrue, useReturnFocus } from "@/components/common/lazy-dialog";
import { MaskedKey } from "./masked-key";
import { KeyTeamContext } from "./key-team";
import { EmptyState } from "@/components/common/empty-state";

// Loaded when first wanted (a click on a button that opens them), not with the page.
const KeyFormDialog = dynamic(() => import("./key-form-dialog").then((m) => m.KeyFormDialog));
const DeleteKeyDialog = dynamic(() => import("./delete-key-dialog").then((m) => m.DeleteKeyDialog));

/**
 * Saved keys — the person's own, or (with `team`) a shared team's, for its admins: which one is active, and add /
 * replace / delete / make active.
 */
export function KeyList({ keys, team }: { keys: KeyView[]; team?: { teamId: string; name: string } }) {
  return (
    <KeyTeamContext.Provider value={team?.teamId}>
      <Keys keys={keys} team={team} />
    </KeyTeamContext.Provider>
  );
}

function Keys({ keys, team }: { keys: KeyView[]; team?: { teamId: string; name: string } }) {
  const [adding, setAdding] = React.useState(false);
  // Onboarding: the first key saved is the end of setting up, so the page then points on to the offers.
  const [addingFirst, setAddingFirst] = React.useState(false);
  const [firstSaved, setFirstSaved] = React.useState(false);
  const [replacing, setReplacing] = React.useState<KeyView | null>(null);
  const [deleting, setDeleting] = React.useState<KeyView | null>(null);
  const formWanted = useOnceTrue(adding || replacing !== null);
  const deleteWanted = useOnceTrue(deleting !== null);
  // The page opens these dialogs itself, so it hands focus back to the button that opened them.
  useReturnFocus(adding || replacing !== null || deleting !== null);

  const switchKey = useActivateKey((k) => `“${k.label}” is now the active key`);
  const activating = switchKey.isPending ? switchKey.variables.id : null;
  const activate = (k: KeyView) => switchKey.mutate(k);

  return (
    <section aria-labelledby="keys-heading" className="flex flex-col gap-4">
      <h2 id="keys-heading" className="sr-only">
        Saved keys
      </h2>
      {firstSaved && keys.length > 0 && !team ? (
        <div
          role="status"
          data-testid="first-key-next"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-success/30 bg-success/5 px-4 py-3 text-sm"
        >
          <p className="text-pretty">
            <span className="font-medium">Your key is saved and active.</span> Next, pick a GPU offer to
            launch your first cluster.
          </p>
          <Button asChild size="sm">
            <Link href="/offers">
              Browse offers
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : null}
      {keys.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-xl text-sm text-pretty text-muted-foreground">
            {team
              ? "The active key is the one every member launches and acts with. Members never see it: not its characters, not its last 4."
              : "One key is active at a time, and Clusterdeck uses it for everything you do. Switch here or from the key menu in the header."}
          </p>
          <Button
            onClick={() => {
              setAddingFirst(false);
              setAdding(true);
            }}
          >
            <PlusIcon aria-hidden="true" />
            Add key
          </Button>
        </div>
      )}

      {keys.length === 0 ? (
        <EmptyState
          icon={<KeyRoundIcon aria-hidden="true" />}
          title={team ? "The team has no key yet" : "No keys yet"}
          level={3}
        >
          <p className="mt-1 max-w-md text-sm text-pretty text-muted-foreground">
            Add a Runcrate API key (it starts with <code className="font-mono">rc_live_</code>) to browse
            offers and launch clusters. Create one in the Runcrate dashboard under API keys.
          </p>
          <Button
            className="mt-6"
            onClick={() => {
              setAddingFirst(true);
              setAdding(true);
            }}
          >
            <PlusIcon aria-hidden="true" />
            {team ? "Add the team's key" : "Add your first key"}
          </Button>
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Saved keys">
          {keys.map((k) => (
            <li
              key={k.id}
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
              data-testid="key-row"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium">{k.label}</span>
                  {k.isActive && <Badge variant="brand">Active</Badge>}
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted-foreground">
                  <MaskedKey last4={k.last4} />
                  <span>{k.environment ? `Environment: ${k.environment}` : "Default environment"}</span>
                  <span>Updated {formatDate(k.updatedAt)}</span>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {!k.isActive && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => activate(k)}
                    disabled={activating !== null}
                  >
                    {activating === k.id ? "Switching…" : "Make active"}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setReplacing(k)}
                  aria-label={`Replace ${k.label}`}
                >
                  Replace
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  onClick={() => setDeleting(k)}
                  aria-label={`Delete ${k.label}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {formWanted ? (
        <>
          <KeyFormDialog
            open={adding}
            onOpenChange={setAdding}
            onSaved={() => {
              if (addingFirst) setFirstSaved(true);
            }}
          />
          <KeyFormDialog
            open={!!replacing}
            onOpenChange={(o) => !o && setReplacing(null)}
            replacing={replacing}
          />
        </>
      ) : null}
      {deleteWanted ? (
        <DeleteKeyDialog target={deleting} onOpenChange={(o) => !o && setDeleting(null)} />
      ) : null}
    </section>
  );
}
