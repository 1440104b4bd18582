"use client";

import { lazyDialog } from "@/components/shared/lazy-dialog";
import { Button } from "@/components/ui/button";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { RankCommandsProps } from "./rank-commands-dialog";
import type { SshConfigProps } from "./ssh-config-dialog";

// Loaded on hover, focus or first click: neither is part of the cluster page's first load.
const RankCommandsDialog = lazyDialog<
  RankCommandsProps & { open: boolean; onOpenChange: (o: boolean) => void }
>(() => import("./rank-commands-dialog").then((m) => m.RankCommandsDialog));
const SshConfigDialog = lazyDialog<SshConfigProps & { open: boolean; onOpenChange: (o: boolean) => void }>(
  () => import("./ssh-config-dialog").then((m) => m.SshConfigDialog),
);

/** "Per-rank commands" (with Copy as script) and "SSH config", beside the launcher tabs. */
export function ConnectionTools({ cluster }: { cluster: Cluster }) {
  return (
    <div className="flex flex-wrap gap-2">
      <RankCommandsDialog
        cluster={cluster}
        trigger={
          <Button variant="outline" size="sm">
            Per-rank commands
          </Button>
        }
      />
      <SshConfigDialog
        cluster={cluster}
        trigger={
          <Button variant="outline" size="sm">
            SSH config
          </Button>
        }
      />
    </div>
  );
}
