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
import { useState, type ReactNode } from "react";
import { useCommandState } from "cmdk";
import { copyText } from "@/components/common/copy-text";
import { CommandDialog, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { clusterQueryOptions, clustersQueryOptions } from "@/lib/clusters/queries";
import { offersQueryOptions } from "@/lib/offers/queries";
import {
  CLUSTER_OPTION,
  SEARCH_OFFERS,
  rankedGroups,
  type PaletteGroup,
  type PaletteOption,
} from "@/lib/shortcuts/palette-rank";
import type { OpenProps } from "@/components/common/lazy-dialog";

export type CommandPaletteProps = OpenProps & {
  pathname: string;
  announce: (text: string) => void;
  /**
   * A choice that goes to another page was made: the opener takes the palette down at once (no closing animation
   * for focus to linger in) and hands focus to the page it goes to.
   */
  onNavigate: (href: string) => void;
};

const CLUSTER_PATH = /^\/clusters\/([^/]+)$/;

/** The pages the palette goes to, in the order shown; each option's first keyword is its name (palette-rank.ts). */
const PAGES = [
  { value: "go offers", name: "Offers", href: "/offers", label: "Offers", icon: CpuIcon },
  { value: "go clusters", name: "Clusters", href: "/clusters", label: "Clusters", icon: ServerIcon },
  { value: "go settings", name: "Settings", href: "/settings", label: "Settings", icon: SettingsIcon },
  {
    value: "go settings runcrate keys",
    name: "Settings: Runcrate keys",
    href: "/settings/keys",
    label: "Runcrate keys",
    icon: KeyRoundIcon,
  },
  {
    value: "go settings audit log",
    name: "Settings: Audit log",
    href: "/settings/audit",
    label: "Audit log",
    icon: ScrollTextIcon,
  },
] as const;

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

/** An option as the palette renders it: cmdk's value and keywords (the name first), what it shows and does. */
type Option = PaletteOption & { content: ReactNode; onSelect: () => void };

/**
 * ⌘K: go to any cluster by name, offers by GPU, settings; act on the cluster on screen. Acting goes through the
 * page's own buttons, so "Terminate" opens the typed-confirm dialog and never terminates by itself.
 */
export function CommandPalette({ open, onOpenChange, pathname, announce, onNavigate }: CommandPaletteProps) {
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

  const run = (fn: () => void) => {
    onOpenChange(false);
    setSearch("");
    setHighlighted("");
    // After the palette has closed, so focus and a dialog the action opens do not fight with it.
    setTimeout(fn, 0);
  };
  const go = (href: string, label: string) => {
    setSearch("");
    setHighlighted("");
    // Keys typed from here on belong to the page being opened, never to the palette's input.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onNavigate(href);
    announce(`Going to ${label}`);
    router.push(href);
  };
  const clickPageButton = (command: "run-test" | "terminate", otherwise: string) =>
    run(() => {
      const b = pageButton(command);
      if (b) b.click();
      else announce(otherwise);
    });

  const headSsh = current?.connection?.head_ssh;
  const groups: PaletteGroup<Option>[] = [
    ...(current
      ? [
          {
            heading: `This cluster: ${current.name}`,
            options: [
              ...(headSsh
                ? [
                    {
                      value: "copy head ssh",
                      keywords: ["Copy head SSH command"],
                      onSelect: () =>
                        run(() => {
                          void copyText(headSsh).then((ok) =>
                            announce(ok ? "Head SSH command copied" : "Could not copy to the clipboard"),
                          );
                        }),
                      content: (
                        <>
                          <TerminalIcon aria-hidden="true" />
                          Copy head SSH command
                        </>
                      ),
                    },
                  ]
                : []),
              {
                value: "run nccl test",
                keywords: ["Run NCCL test"],
                onSelect: () => clickPageButton("run-test", "A test cannot start now; the page says why"),
                content: (
                  <>
                    <ActivityIcon aria-hidden="true" />
                    Run NCCL test
                  </>
                ),
              },
              {
                value: "terminate",
                keywords: ["Terminate"],
                onSelect: () => clickPageButton("terminate", "This cluster cannot be terminated now"),
                content: (
                  <>
                    <PowerIcon aria-hidden="true" />
                    Terminate…
                  </>
                ),
              },
            ],
          },
        ]
      : []),
    {
      heading: "Go to",
      options: PAGES.map((p) => ({
        value: p.value,
        keywords: [p.name],
        onSelect: () => go(p.href, p.label),
        content: (
          <>
            <p.icon aria-hidden="true" />
            {p.name}
          </>
        ),
      })),
    },
    {
      heading: "Clusters",
      options: (clusters.data ?? []).map((c) => ({
        value: `${CLUSTER_OPTION}${c.name} ${c.id}`,
        keywords: [c.name, c.gpu_type, c.status],
        onSelect: () => go(`/clusters/${encodeURIComponent(c.id)}`, c.name),
        content: (
          <>
            <ServerIcon aria-hidden="true" />
            <span className="truncate">{c.name}</span>
            <span className="ml-auto text-xs text-muted-foreground">{c.status}</span>
          </>
        ),
      })),
    },
    {
      heading: "Offers",
      options: [
        ...gpus.map((g) => ({
          value: `offers gpu ${g}`,
          keywords: [g],
          onSelect: () => go(`/offers?gpu=${encodeURIComponent(g)}`, `${g} offers`),
          content: (
            <>
              <CpuIcon aria-hidden="true" />
              {g} offers
            </>
          ),
        })),
        ...(search.trim()
          ? [
              {
                value: `${SEARCH_OFFERS}${search.trim()}`,
                keywords: [],
                onSelect: () =>
                  go(`/offers?q=${encodeURIComponent(search.trim())}`, `offers matching ${search.trim()}`),
                content: (
                  <>
                    <SearchIcon aria-hidden="true" />
                    Search offers for “{search.trim()}”
                  </>
                ),
              },
            ]
          : []),
      ],
    },
  ];
  // The palette filters and orders its options itself (palette-rank.ts), so the first one shown is the best match.
  const shown = rankedGroups(groups, search);

  // The highlighted option (cmdk's value). cmdk highlights the first option when the text changes, but not when
  // options arrive or change later: someone who typed a cluster's name before the list loaded would see it on top
  // while Enter took the option that was first before it came. So a change of what is shown highlights the first.
  const [highlighted, setHighlighted] = useState("");
  const shownKey = shown.map((g) => g.options.map((o) => o.value).join("\n")).join("\n\n");
  const [keyShown, setKeyShown] = useState(shownKey);
  if (keyShown !== shownKey) {
    setKeyShown(shownKey);
    setHighlighted(shown[0]?.options[0]?.value ?? "");
  }

  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Command palette"
      description="Go to a cluster, offers or settings, or act on this cluster"
      commandProps={{ value: highlighted, onValueChange: setHighlighted, shouldFilter: false }}
    >
      <CommandInput
        placeholder="Type a cluster, a GPU or a command…"
        value={search}
        onValueChange={setSearch}
      />
      <CommandList>
        <NothingElseMatches />
        {shown.map((g) => (
          <CommandGroup key={g.heading} heading={g.heading}>
            {g.options.map((o) => (
              <CommandItem key={o.value} value={o.value} keywords={o.keywords} onSelect={o.onSelect}>
                {o.content}
              </CommandItem>
            ))}
          </CommandGroup>
        ))}
      </CommandList>
    </CommandDialog>
  );
}
