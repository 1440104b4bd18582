"use client";

import { LIST_SORTS, type ListSort, type ListView } from "@/lib/clusters/list-view";

const SORT_LABEL: Record<ListSort, string> = {
  created: "Age",
  name: "Name",
  status: "Status",
  rate: "Rate",
  cost: "Cost so far",
};

/** Narrow screens have no column headers to click: the same sort as a select. */
export function MobileSort({ view, onChange }: { view: ListView; onChange: (v: ListView) => void }) {
  const value = `${view.sort}:${view.dir}`;
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground md:hidden">
      Sort by
      <select
        value={value}
        onChange={(e) => {
          const [sort, dir] = e.target.value.split(":") as [ListSort, "asc" | "desc"];
          onChange({ ...view, sort, dir });
        }}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground"
      >
        {LIST_SORTS.flatMap((s) =>
          (["asc", "desc"] as const).map((d) => (
            <option key={`${s}:${d}`} value={`${s}:${d}`}>
              {SORT_LABEL[s]}{" "}
              {s === "created"
                ? d === "desc"
                  ? "(newest first)"
                  : "(oldest first)"
                : d === "asc"
                  ? "↑"
                  : "↓"}
            </option>
          )),
        )}
      </select>
    </label>
  );
}
