"use client";

import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "@/components/common/copy-button";
import { downloadText } from "@/components/common/download-text";
import type { OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { launchersOf, launchScript, rankCommands, type RankLauncher } from "@/lib/clusters/rank-commands";
import { SNIPPET_LABEL } from "@/lib/clusters/snippets";
import type { Cluster } from "@/lib/runcrate/schemas";
import { CodeBlock } from "@/components/common/code-block";

export type RankCommandsProps = { cluster: Cluster };

/** One command per machine with its node rank filled in, and the whole launch as a bash script to copy or save. */
export function RankCommandsDialog({ cluster, open, onOpenChange }: RankCommandsProps & OpenProps) {
  const launchers = launchersOf(cluster);
  const [launcher, setLauncher] = useState<RankLauncher | undefined>(launchers[0]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl" data-testid="rank-commands">
        <DialogHeader>
          <DialogTitle>Per-rank commands</DialogTitle>
          <DialogDescription>
            What to run on each machine of {cluster.name}, rank filled in. The script starts them all over SSH
            from your laptop, waits, and prints each rank&apos;s exit status.
          </DialogDescription>
        </DialogHeader>
        {launchers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Runcrate has not given launcher commands for this cluster yet; they appear once it is up.
          </p>
        ) : (
          <Tabs value={launcher} onValueChange={(v) => setLauncher(v as RankLauncher)} className="min-w-0">
            <TabsList aria-label="Launcher">
              {launchers.map((l) => (
                <TabsTrigger key={l} value={l}>
                  {SNIPPET_LABEL[l]}
                </TabsTrigger>
              ))}
            </TabsList>
            {launchers.map((l) => (
              <TabsContent key={l} value={l} className="mt-3">
                <LauncherPanel cluster={cluster} launcher={l} />
              </TabsContent>
            ))}
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}

function LauncherPanel({ cluster, launcher }: { cluster: Cluster; launcher: RankLauncher }) {
  const ranks = rankCommands(cluster, launcher);
  const script = launchScript(cluster, launcher);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ol className="flex flex-col gap-3" aria-label="Commands by rank">
        {ranks.map((r) => (
          <li
            key={r.rank}
            className="flex min-w-0 flex-col gap-1"
            data-testid="rank-command"
            data-rank={r.nodeRank}
          >
            <h3 className="text-xs font-medium">
              Rank {r.nodeRank} <span className="font-normal text-muted-foreground">· {r.name}</span>
            </h3>
            {r.command ? (
              <CodeBlock label={`rank ${r.nodeRank} command`} text={r.command} wrap />
            ) : (
              <p className="text-xs text-muted-foreground">
                Started by {SNIPPET_LABEL[launcher]} on rank 0 through the hostfile: nothing to run here.
              </p>
            )}
          </li>
        ))}
      </ol>
      {script && script.missing.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="script-missing">
          The script is offered once every machine can be reached over SSH; not yet:{" "}
          {script.missing.join(", ")}.
        </p>
      )}
      {script && script.missing.length === 0 && (
        <div className="flex flex-wrap gap-2">
          <CopyButton value={script.script} label="launch script" showText variant="outline" />
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              downloadText(`launch-${cluster.name}-${launcher}.sh`, script.script, "text/x-shellscript")
            }
          >
            <DownloadIcon aria-hidden="true" />
            Download script
          </Button>
        </div>
      )}
    </div>
  );
}
