"use client";

import dynamic from "next/dynamic";
import { lazyDialog, type OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { RankCommandsProps } from "./rank-commands-dialog";
import type { SshConfigProps } from "./ssh-config-dialog";

// Loaded at the first click: neither is part of the cluster page's first load.
const RankCommandsDialog = lazyDialog<RankCommandsProps & OpenProps>(
  dynamic(() => import("./rank-commands-dialog").then((m) => m.RankCommandsDialog)),
);
const SshConfigDialog = lazyDialog<SshConfigProps & OpenProps>(
  dynamic(() => import("./ssh-config-dialog").then((m) => m.SshConfigDialog)),
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
