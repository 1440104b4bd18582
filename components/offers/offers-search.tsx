"use client";

import { useCallback } from "react";
import { SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";

type Props = {
  value: string;
  /** `now`: write the URL at once instead of after the typing pause. */
  onSearch: (text: string, now?: boolean) => void;
};

/** The offers search box. Its text is the URL's `q`; the URL follows typing after a pause (see useOfferFilters). */
export function OffersSearch({ value, onSearch }: Props) {
  // Text typed into the server-rendered box before the page hydrated is still in it when React first attaches the box
  // (React writes the controlled value after the refs); it becomes the search instead of being wiped. A box React
  // rendered itself has its value attribute in step with the value, so this never fires for one.
  const keepEarlySearch = useCallback(
    (el: HTMLInputElement | null) => {
      if (el && el.value !== el.defaultValue) onSearch(el.value);
    },
    [onSearch],
  );

  return (
    <div className="relative min-w-56 flex-1 sm:max-w-sm">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        ref={keepEarlySearch}
        type="search"
        value={value}
        onChange={(e) => onSearch(e.target.value)}
        // Leaving the box (e.g. to click Launch) writes the search at once, before any navigation starts.
        onBlur={(e) => onSearch(e.target.value, true)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onSearch(e.currentTarget.value, true);
        }}
        placeholder="Search GPU, location, interconnect, stack…"
        aria-label="Search offers"
        className="pl-8"
      />
    </div>
  );
}
