"use client";

import { useEffect, useMemo, useRef } from "react";
import type { Resolver } from "react-hook-form";
import type { CreateClusterFormValues, CreateSchemaContext } from "@/lib/launch/form";
import { loadOnce } from "@/lib/load-once";
import type { Offer } from "@/lib/runcrate/schemas";

/** ./validation (zod and the offer's schema), loaded the first time something needs it. */
export const loadValidation = loadOnce(() => import("@/components/create-cluster/validation"));
export const preloadValidation = () => void loadValidation().catch(() => undefined);

/**
 * The create form's resolver. The schema is built from the offer, and from the workspace's keys and volumes once
 * they are known. It and zod load when first wanted (./validation); a ref lets the resolver always use the newest
 * lists (react-hook-form keeps the resolver from the first render).
 */
export function useCreateResolver(
  offer: Offer,
  sshKeys: readonly { id: string }[] | undefined,
  volumes: readonly { id: string }[] | undefined,
): Resolver<CreateClusterFormValues> {
  const schemaCtx = useMemo<CreateSchemaContext>(
    () => ({
      sshKeyIds: sshKeys?.map((k) => k.id) ?? null,
      storageIds: volumes?.map((v) => v.id) ?? null,
    }),
    [sshKeys, volumes],
  );
  const schemaCtxRef = useRef(schemaCtx);
  useEffect(() => {
    schemaCtxRef.current = schemaCtx;
  }, [schemaCtx]);
  return useMemo<Resolver<CreateClusterFormValues>>(
    () => async (values, ctx, opts) => {
      const validation = await loadValidation().catch(() => null);
      if (!validation)
        return {
          values: {},
          errors: {
            root: {
              type: "unavailable",
              message: "The form’s checks could not be loaded. Check your connection and try again.",
            },
          },
        };
      return validation.resolverFor(offer, schemaCtxRef.current)(values, ctx, opts);
    },
    [offer],
  );
}
