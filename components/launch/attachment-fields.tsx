"use client";

import { Controller } from "react-hook-form";
import { InfoIcon } from "lucide-react";
import type { SectionProps } from "@/components/launch/cluster-fields";
import { SshKeyField } from "@/components/launch/ssh-key-field";
import { StorageField } from "@/components/launch/storage-field";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { storageBlockedReason } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";

/** The workspace's SSH keys to put on every machine. */
export function SshKeysSection({ form, errors, id }: SectionProps) {
  return (
    <Field data-invalid={!!errors.ssh_key_ids || undefined}>
      <FieldLabel id={id}>
        SSH keys <span className="font-normal text-muted-foreground">(optional)</span>
      </FieldLabel>
      <Controller
        control={form.control}
        name="ssh_key_ids"
        render={({ field }) => (
          <SshKeyField
            value={field.value}
            onChange={field.onChange}
            error={errors.ssh_key_ids?.message}
            describedBy={id}
          />
        )}
      />
    </Field>
  );
}

/** A storage volume, or why the offer cannot take one. */
export function StorageSection({ form, errors, id, offer }: SectionProps & { offer: Offer }) {
  const storageReason = storageBlockedReason(offer);
  return (
    <Field data-invalid={!!errors.storage_id || undefined}>
      <FieldLabel htmlFor={id}>
        Storage volume <span className="font-normal text-muted-foreground">(optional)</span>
      </FieldLabel>
      {storageReason ? (
        <p className="text-sm text-muted-foreground" data-testid="storage-reason">
          {storageReason}
        </p>
      ) : (
        <>
          <Controller
            control={form.control}
            name="storage_id"
            render={({ field }) => (
              <StorageField
                offer={offer}
                id={id}
                value={field.value}
                onChange={field.onChange}
                invalid={!!errors.storage_id}
                describedBy={`${id}-desc`}
              />
            )}
          />
          <FieldDescription id={`${id}-desc`}>
            Synced into /shared/volume on the head machine.
          </FieldDescription>
        </>
      )}
      <FieldError errors={[errors.storage_id]} />
    </Field>
  );
}

/** Shown for an offer on community hosts: what that means, and why the launch says so explicitly. */
export function CommunityNote() {
  return (
    <div
      className="flex gap-3 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm"
      data-testid="community-note"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <p>
        <span className="font-medium">Community hosts.</span> These machines are run by independent hosts, not
        a datacenter: expect more variance in uptime and network, and no storage volume. Runcrate only
        launches them when asked explicitly, so this launch sends{" "}
        <code className="rounded bg-muted px-1 font-mono text-xs">include_community: true</code>.
      </p>
    </div>
  );
}
