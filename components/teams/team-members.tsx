"use client";

import * as React from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { useActionMutation } from "@/lib/query/mutation";
import { changeMemberRoleAction, removeMemberAction } from "@/lib/teams/actions";
import { decideMemberChange } from "@/lib/teams/permissions";
import { ROLE_WORD, TEAM_ROLES, type TeamRole } from "@/lib/teams/roles";
import { RoleBadge, RoleOptions } from "./role-options";

export type MemberView = {
  userId: string;
  email: string;
  name: string | null;
  role: TeamRole;
  /** The clusters they launched with the team's key (shown to those who manage members). */
  launched?: { count: number; names: string[] };
};

/**
 * A team's members with their roles. Whoever may change a member's role (permissions.ts decideMemberChange, the
 * rule the server applies) gets a role picker on that row, and a Remove button; everyone gets Leave on their own row.
 * The server still has the last word: the last owner stays, whatever the page offered.
 */
export function TeamMembers({
  teamId,
  teamName,
  members,
  you,
  yourRole,
}: {
  teamId: string;
  teamName: string;
  members: MemberView[];
  you: string;
  yourRole: TeamRole;
}) {
  const [removing, setRemoving] = React.useState<MemberView | null>(null);
  const changeRole = useActionMutation(
    (input: { member: MemberView; role: TeamRole }) =>
      changeMemberRoleAction({ teamId, userId: input.member.userId, role: input.role }),
    {
      // Your own role changes what every page lets you do.
      resetsAll: true,
      onSuccess: (_, { member, role }) =>
        toast.success(`${member.name || member.email} is now ${ROLE_WORD[role].toLowerCase()}`),
      onError: (failure) => toast.error(failure.message),
    },
  );

  const owners = members.filter((m) => m.role === "owner").length;
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label="Members">
        {members.map((m) => {
          const self = m.userId === you;
          const who = m.name || m.email;
          // The last owner stays one (the server refuses it too): no picker and no Leave on their row.
          const lastOwner = m.role === "owner" && owners === 1;
          const roles = lastOwner
            ? [m.role]
            : TEAM_ROLES.filter(
                (r) =>
                  r === m.role || decideMemberChange(yourRole, m.role, self, { kind: "role", to: r }).allowed,
              );
          const mayRemove =
            !lastOwner && decideMemberChange(yourRole, m.role, self, { kind: "remove" }).allowed;
          return (
            <li
              key={m.userId}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm"
              data-testid="member-row"
            >
              <span className="flex min-w-0 flex-1 basis-48 flex-col">
                <span className="truncate font-medium">
                  {who}
                  {self ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                </span>
                {m.name ? (
                  <span className="truncate text-[13px] text-muted-foreground">{m.email}</span>
                ) : null}
              </span>
              <span className="ml-auto flex items-center gap-2">
                {roles.length > 1 ? (
                  <NativeSelect
                    size="sm"
                    aria-label={`Role of ${who}`}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ member: m, role: e.target.value as TeamRole })}
                  >
                    <RoleOptions roles={roles} />
                  </NativeSelect>
                ) : (
                  <RoleBadge role={m.role} />
                )}
                {mayRemove ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={self ? "Leave the team" : `Remove ${who}`}
                    onClick={() => setRemoving(m)}
                  >
                    {self ? "Leave" : "Remove"}
                  </Button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <RemoveMemberDialog
        teamId={teamId}
        teamName={teamName}
        target={removing}
        self={removing?.userId === you}
        // Who may take the clusters on: anyone who may act on clusters, the leaving person aside; you first.
        heirs={members
          .filter((m) => m.role !== "viewer" && m.userId !== removing?.userId)
          .sort((a, b) => Number(b.userId === you) - Number(a.userId === you))}
        you={you}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </>
  );
}

function RemoveMemberDialog({
  teamId,
  teamName,
  target,
  self,
  heirs,
  you,
  onOpenChange,
}: {
  teamId: string;
  teamName: string;
  target: MemberView | null;
  self: boolean;
  heirs: MemberView[];
  you: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [heir, setHeir] = React.useState<string | null>(null);
  const remove = useActionMutation(
    (input: { member: MemberView; handTo: string | undefined }) =>
      removeMemberAction({ teamId, userId: input.member.userId, handTo: input.handTo }),
    {
      // Leaving switches you to your own keys: every query is read again.
      resetsAll: true,
      onSuccess: ({ handed }, { member }) => {
        const clusters = handed ? ` · ${handed} cluster${handed === 1 ? "" : "s"} handed on` : "";
        toast.success(
          self
            ? `You left “${teamName}”`
            : `${member.name || member.email} is no longer in the team${clusters}`,
        );
        setHeir(null);
        onOpenChange(false);
      },
      onError: (failure) => toast.error(failure.message),
    },
  );
  const pending = remove.isPending;
  const who = target ? target.name || target.email : "";
  const launched = !self && target?.launched?.count ? target.launched : null;
  // You, unless another was chosen (or nobody may take them on).
  const handTo = launched ? (heir ?? heirs[0]?.userId ?? "") : "";

  return (
    <AlertDialog
      open={!!target}
      onOpenChange={(o) => {
        if (pending) return;
        if (!o) setHeir(null);
        onOpenChange(o);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {self ? `Leave “${teamName}”?` : `Remove ${who} from “${teamName}”?`}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {self
              ? "You stop seeing the team's clusters and using its key, and work with your own keys again. An admin can invite you back."
              : `${who} stops seeing the team's clusters and using its key. Clusters they launched keep running on the team's key. An admin can invite them back.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {launched ? (
          <div className="flex flex-col gap-2 text-sm">
            <p>
              They launched {launched.count === 1 ? "one cluster" : `${launched.count} clusters`} here:{" "}
              <span className="break-words">{launched.names.join(", ")}</span>
              {launched.count > launched.names.length
                ? ` and ${launched.count - launched.names.length} more`
                : ""}
              .
            </p>
            <FormField id="hand-to" label="Their clusters go to">
              <NativeSelect
                id="hand-to"
                value={handTo}
                disabled={pending}
                onChange={(e) => setHeir(e.target.value)}
              >
                {heirs.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.userId === you ? `You (${m.email})` : m.name || m.email}
                  </option>
                ))}
                <option value="">Nobody: only admins can act on them</option>
              </NativeSelect>
            </FormField>
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={(e) => {
              // The dialog stays open until the change is made (or the refusal is shown).
              e.preventDefault();
              if (target) remove.mutate({ member: target, handTo: handTo || undefined });
            }}
            disabled={pending}
          >
            {pending ? (self ? "Leaving…" : "Removing…") : self ? "Leave the team" : "Remove"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
