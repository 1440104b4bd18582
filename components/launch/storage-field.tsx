"use client";

import { FieldLoadError } from "@/components/launch/field-load-error";
import { useQuery } from "@tanstack/react-query";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { volumeFitsOffer } from "@/lib/offers/regions";
import { storageQueryOptions } from "@/lib/launch/queries";
import type { Offer } from "@/lib/runcrate/schemas";

const NONE = "__none__";

/** A storage volume (GET /storage), synced into /shared/volume on the head. Only rendered when the offer takes one. */
export function StorageField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  offer,
}: {
  offer: Pick<Offer, "country_code" | "location">;
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  describedBy: string;
}) {
  const volumes = useQuery(storageQueryOptions());
  if (volumes.isPending)
    return <Skeleton className="h-9 w-full" role="status" aria-label="Loading storage volumes" />;
  if (volumes.isError) {
    return (
      <FieldLoadError
        what="storage volumes"
        error={volumes.error}
        retry={() => void volumes.refetch()}
        retrying={volumes.isFetching}
      />
    );
  }
  if (volumes.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No storage volumes in this environment. Create one on runcrate.ai to attach it here.
      </p>
    );
  }
  const chosen = volumes.data.find((v) => v.id === value);
  const chosenFits = chosen ? volumeFitsOffer(chosen.region, offer.country_code) : null;
  return (
    <>
      <NativeSelect
        id={id}
        className="w-full max-w-md"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value === "" ? NONE : value}
        onChange={(e) => onChange(e.target.value === NONE ? "" : e.target.value)}
      >
        <option value={NONE}>No volume</option>
        {volumes.data.map((v) => (
          <option key={v.id} value={v.id}>
            {`${v.name}${v.sizeGb != null ? ` · ${v.sizeGb} GB` : ""}${v.region != null ? ` · ${v.region}` : ""}${volumeFitsOffer(v.region, offer.country_code) === false ? " (another region)" : ""}`}
          </option>
        ))}
      </NativeSelect>
      {chosen && chosenFits === false ? (
        <p
          role="status"
          data-testid="volume-region"
          className="max-w-md rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
        >
          {chosen.name} is in {String(chosen.region)}, and this cluster runs in{" "}
          {offer.location ?? offer.country_code}. Runcrate needs a volume in a compatible region, so the
          launch may be refused; pick a volume near the cluster if you have one.
        </p>
      ) : null}
    </>
  );
}
