"use client";

import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { HydratedButton } from "@/components/common/hydrated-button";
import type { Limits } from "@/lib/spend/ledger";

// The editor (inputs, the server action) loads at the first click — not with the page.
const LimitsEditor = dynamic(() => import("./limits-editor").then((m) => m.default));

/** The limits line with its "Change limits" / "Set limits" button and, once pressed, the editor below it. */
export function LimitsEditButton({
  cluster,
  current,
  ceilingMinutes,
  editable,
  children,
}: {
  cluster: { id: string; name: string };
  current: Limits | null;
  ceilingMinutes: number | null;
  /** False for someone whose role does not let them change this cluster's limits: the line alone. */
  editable: boolean;
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 [&>div]:flex-1">
        {children}
        {editable && (
          <HydratedButton
            size="sm"
            variant="outline"
            aria-expanded={editing}
            onClick={() => setEditing((e) => !e)}
          >
            {current ? "Change limits" : "Set limits"}
          </HydratedButton>
        )}
      </div>
      {editing ? (
        <LimitsEditor
          cluster={cluster}
          current={current}
          ceilingMinutes={ceilingMinutes}
          onDone={() => setEditing(false)}
        />
      ) : null}
    </>
  );
}
