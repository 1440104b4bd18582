"use client";

import { OffersSearch } from "@/components/offers/offers-search";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import type { SortKey } from "@/lib/offers/filters";
import type { OfferChoices } from "@/lib/offers/search-params";
import { MAX_NODES, MIN_NODES } from "@/lib/runcrate/constants";

const NODE_CHOICES = Array.from({ length: MAX_NODES - MIN_NODES + 1 }, (_, i) => i + MIN_NODES);
const SORT_LABEL: Record<SortKey, string> = {
  gpu_hour: "Price per GPU-hour",
  node_hour: "Price per node-hour",
  interconnect: "Interconnect rate",
  gpus: "GPUs per node",
};

type Props = {
  choices: OfferChoices;
  q: string;
  set: (patch: Partial<OfferChoices>) => void;
  onSearch: (text: string, now?: boolean) => void;
};

/** Above the list: the search box, the node count, the community toggle and the sort. */
export function OffersToolbar({ choices, q, set, onSearch }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <OffersSearch value={q} onSearch={onSearch} />
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground" id="nodes-label">
          Nodes
        </span>
        <NativeSelect
          size="sm"
          className="w-24"
          aria-labelledby="nodes-label"
          value={choices.nodes === null ? "any" : String(choices.nodes)}
          onChange={(e) => set({ nodes: e.target.value === "any" ? null : Number(e.target.value) })}
        >
          <option value="any">Any</option>
          {NODE_CHOICES.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </NativeSelect>
        {choices.nodes !== null ? (
          <label className="flex items-center gap-2 text-xs text-muted-foreground">
            <Switch
              checked={choices.fits}
              onCheckedChange={(fits) => set({ fits })}
              aria-label={`Hide offers that cannot take ${choices.nodes} nodes`}
            />
            Hide offers that can’t take {choices.nodes}
          </label>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Switch
          checked={choices.community}
          onCheckedChange={(community) => set({ community, tier: community ? choices.tier : null })}
          aria-label="Include community hosts"
        />
        Include community hosts
      </label>
      <div className="flex items-center gap-2 sm:ml-auto">
        <span className="text-sm text-muted-foreground" id="sort-label">
          Sort
        </span>
        <NativeSelect
          size="sm"
          className="w-48"
          aria-labelledby="sort-label"
          value={choices.sort}
          onChange={(e) => set({ sort: e.target.value as SortKey })}
        >
          {(Object.keys(SORT_LABEL) as SortKey[]).map((k) => (
            <option key={k} value={k}>
              {SORT_LABEL[k]}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant="outline"
          size="sm"
          onClick={() => set({ dir: choices.dir === "asc" ? "desc" : "asc" })}
          // The name starts with the visible words (WCAG 2.5.3 "label in name"), then says what a press does.
          aria-label={
            choices.dir === "asc" ? "Low → high, switch to high → low" : "High → low, switch to low → high"
          }
        >
          {choices.dir === "asc" ? "Low → high" : "High → low"}
        </Button>
      </div>
    </div>
  );
}
