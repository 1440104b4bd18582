"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useActionMutation } from "@/lib/query/mutation";
import { deleteTeamAction } from "@/lib/teams/actions";

/**
 * An owner deletes the team, confirmed by typing its name. The server refuses while a cluster on the team's key still
 * runs, and the dialog shows that refusal (which names them) in place.
 */
export function DeleteTeam({ teamId, teamName }: { teamId: string; teamName: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const id = useId();
  const remove = useActionMutation(deleteTeamAction, {
    // Everyone's pages were read with the team's key: every query is read again, in the personal team.
    resetsAll: true,
    onSuccess: ({ name }) => {
      toast.success(`The team “${name}” is deleted`, { description: "You work with your own keys again." });
      setOpen(false);
    },
  });
  const pending = remove.isPending;
  const error = remove.error?.fieldErrors?.confirmName ?? remove.error?.message ?? null;

  return (
    <>
      <div className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Its members, invites and stored key go; clusters keep running in the Runcrate workspace, and what
          each member did stays in their own audit log.
        </p>
        <Button variant="outline" className="shrink-0 text-destructive" onClick={() => setOpen(true)}>
          Delete team
        </Button>
      </div>
      <AlertDialog
        open={open}
        onOpenChange={(o) => {
          if (pending) return;
          setOpen(o);
          if (!o) {
            setTyped("");
            remove.reset();
          }
        }}
      >
        <AlertDialogContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (typed.trim() === teamName) remove.mutate({ teamId, confirmName: typed });
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle>Delete “{teamName}”?</AlertDialogTitle>
              <AlertDialogDescription>
                Everyone in it works with their own keys from their next page. The team&apos;s key is removed
                from Clusterdeck (not from Runcrate). This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-name`}>
                Type <span className="rounded bg-muted px-1 font-mono">{teamName}</span> to confirm
              </Label>
              <Input
                id={`${id}-name`}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                disabled={pending}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </div>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>Keep the team</AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={pending || typed.trim() !== teamName}>
                {pending && (
                  <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                )}
                Delete team
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
