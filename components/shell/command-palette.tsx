"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ActivityIcon,
  CpuIcon,
  KeyRoundIcon,
  PowerIcon,
  ScrollTextIcon,
  SearchIcon,
  ServerIcon,
  SettingsIcon,
  TerminalIcon,
} from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { defaultFilter, useCommandState } from "cmdk";
import { copyText } from "@/components/shared/copy-text";
import { CommandDialog, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { clusterQueryOptions, clustersQueryOptions } from "@/lib/query/clusters";
import { offersQueryOptions } from "@/lib/query/offers";
import type { OpenProps } from "@/components/shared/lazy-dialog";

export type CommandPaletteProps = OpenProps & { pathname: string; announce: (text: string) => void };

const CLUSTER_PATH = /^\/clusters\/([^/]+)$/;
const SEARCH_OFFERS = "search offers ";

/**
 * cmdk's own ranking, except that "Search offers for …" (rendered for any text) matches every text and ranks below
 * every real match: it is the fallback, and Enter should take the cluster, GPU or page the text names. It is not
 * `forceMount`: cmdk leaves such items out of its list (no count, no group), and a group forced open instead would
 * show every GPU for any text.
 */
export function paletteFilter(value: string, search: string, keywords?: string[]): number {
  return value.startsWith(SEARCH_OFFERS) ? Number.MIN_VALUE : defaultFilter(value, search, keywords);
}

/** cmdk's empty state, for a text that matches nothing but the offers search every text gets. */
function NothingElseMatches() {
  const nothingElse = useCommandState((s) => s.search.trim() !== "" && s.filtered.count <= 1);
  return nothingElse ? (
    <div data-slot="command-empty" role="presentation" className="py-6 text-center text-sm">
      Nothing matches.
    </div>
  ) : null;
}

/** A button the cluster page renders for an action (data-command), when it is there and enabled. */
function pageButton(command: "run-test" | "terminate"): HTMLButtonElement | null {
  const b = document.querySelector<HTMLButtonElement>(`[data-command=${command}]`);
  return b && !b.disabled ? b : null;
}

/**
 * ⌘K: go to any cluster by name, offers by GPU, settings; act on the cluster on screen. Acting goes through the
 * page's own buttons, so "Terminate" opens the typed-confirm dialog and never terminates by itself.
 */
export function CommandPalette({ open, onOpenChange, pathname, announce }: CommandPaletteProps) {
  const router = useRouter();
  const qc = useQueryClient();
  const [search, setSearch] = useState("");
  const clusters = useQuery({ ...clustersQueryOptions(), enabled: open });
  const offers = useQuery({ ...offersQueryOptions(false), enabled: open });
  const currentId = CLUSTER_PATH.exec(pathname)?.[1];
  const current = currentId
    ? qc.getQueryData(clusterQueryOptions(decodeURIComponent(currentId)).queryKey)
    : undefined;
  const gpus = [...new Set((offers.data ?? []).map((o) => o.gpu_type))].sort();

  // The highlighted item (cmdk's value). cmdk highlights the best match when the search changes, but not when items
  // arrive later: someone who typed a cluster's name before the list loaded would see it on top and Enter would take
  // the item that was first before it came. So a change of the items starts the highlight over at the best match.
  const [highlighted, setHighlighted] = useState("");
  const items = `${(clusters.data ?? []).map((c) => c.id).join(" ")}|${gpus.join(" ")}`;
  const [itemsShown, setItemsShown] = useState(items);
  if (itemsShown !== items) {
    setItemsShown(items);
    setHighlighted("");
  }

  const run = (fn: () => void) => {
    onOpenChange(false);
    setSearch("");
    setHighlighted("");
    // After the palette has closed, so focus and a dialog the action opens do not fight with it.
    setTimeout(fn, 0);
  };
  const go = (href: string, label: string) =>
    run(() => {
      announce(`Going to ${label}`);
      router.push(href);
    });

  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Command palette"
      description="Go to a cluster, offers or settings, or act on this cluster"
      commandProps={{ value: highlighted, onValueChange: setHighlighted, filter: paletteFilter }}
    >
      <CommandInput
        placeholder="Type a cluster, a GPU or a command…"
        value={search}
        onValueChange={setSearch}
      />
      <CommandList>
        <NothingElseMatches />
        {current && (
          <CommandGroup heading={`This cluster: ${current.name}`}>
            {current.connection?.head_ssh && (
              <CommandItem
                value="copy head ssh"
                onSelect={() => {
                  const text = current.connection!.head_ssh!;
                  run(() => {
                    void copyText(text).then((ok) =>
                      announce(ok ? "Head SSH command copied" : "Could not copy to the clipboard"),
                    );
                  });
                }}
              >
                <TerminalIcon aria-hidden="true" />
                Copy head SSH command
              </CommandItem>
            )}
            <CommandItem
              value="run nccl test"
              onSelect={() =>
                run(() => {
                  const b = pageButton("run-test");
                  if (b) b.click();
                  else announce("A test cannot start now; the page says why");
                })
              }
            >
              <ActivityIcon aria-hidden="true" />
              Run NCCL test
            </CommandItem>
            <CommandItem
              value="terminate"
              onSelect={() =>
                run(() => {
                  const b = pageButton("terminate");
                  if (b) b.click();
                  else announce("This cluster cannot be terminated now");
                })
              }
            >
              <PowerIcon aria-hidden="true" />
              Terminate…
            </CommandItem>
          </CommandGroup>
        )}
        <CommandGroup heading="Go to">
          <CommandItem value="go offers" onSelect={() => go("/offers", "Offers")}>
            <CpuIcon aria-hidden="true" />
            Offers
          </CommandItem>
          <CommandItem value="go clusters" onSelect={() => go("/clusters", "Clusters")}>
            <ServerIcon aria-hidden="true" />
            Clusters
          </CommandItem>
          <CommandItem value="go settings" onSelect={() => go("/settings", "Settings")}>
            <SettingsIcon aria-hidden="true" />
            Settings
          </CommandItem>
          <CommandItem
            value="go settings runcrate keys"
            onSelect={() => go("/settings/keys", "Runcrate keys")}
          >
            <KeyRoundIcon aria-hidden="true" />
            Settings: Runcrate keys
          </CommandItem>
          <CommandItem value="go settings audit log" onSelect={() => go("/settings/audit", "Audit log")}>
            <ScrollTextIcon aria-hidden="true" />
            Settings: Audit log
          </CommandItem>
        </CommandGroup>
        {(clusters.data?.length ?? 0) > 0 && (
          <>
            <CommandGroup heading="Clusters">
              {clusters.data!.map((c) => (
                <CommandItem
                  key={c.id}
                  value={`cluster ${c.name} ${c.id}`}
                  keywords={[c.gpu_type, c.status]}
                  onSelect={() => go(`/clusters/${encodeURIComponent(c.id)}`, c.name)}
                >
                  <ServerIcon aria-hidden="true" />
                  <span className="truncate">{c.name}</span>
                  <span className="ml-auto text-xs text-muted-foreground">{c.status}</span>
                </CommandItem>
              ))}
            </CommandGroup>
          </>
        )}
        <CommandGroup heading="Offers">
          {gpus.map((g) => (
            <CommandItem
              key={g}
              value={`offers gpu ${g}`}
              onSelect={() => go(`/offers?gpu=${encodeURIComponent(g)}`, `${g} offers`)}
            >
              <CpuIcon aria-hidden="true" />
              {g} offers
            </CommandItem>
          ))}
          {search.trim() && (
            <CommandItem
              value={`${SEARCH_OFFERS}${search}`}
              onSelect={() =>
                go(`/offers?q=${encodeURIComponent(search.trim())}`, `offers matching ${search.trim()}`)
              }
            >
              <SearchIcon aria-hidden="true" />
              Search offers for “{search.trim()}”
            </CommandItem>
          )}
        </CommandGroup>
      </CommandList>
    </CommandDialog>
  );
}
