"use client";

import { DownloadIcon } from "lucide-react";
import { CopyButton } from "@/components/common/copy-button";
import { downloadText } from "@/components/common/download-text";
import type { OpenProps } from "@/components/common/lazy-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { sshConfig, sshConfigFileName } from "@/lib/clusters/ssh-config";
import type { Cluster } from "@/lib/runcrate/schemas";

export type SshConfigProps = { cluster: Cluster };

/** A ~/.ssh/config block for every machine (ProxyJump through the head where a worker has no public address). */
export function SshConfigDialog({ cluster, open, onOpenChange }: SshConfigProps & OpenProps) {
  const text = sshConfig(cluster);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="ssh-config">
        <DialogHeader>
          <DialogTitle>SSH config</DialogTitle>
          <DialogDescription>
            Add this to <code className="font-mono">~/.ssh/config</code>, then reach any machine by name.
          </DialogDescription>
        </DialogHeader>
        {text ? (
          <div className="flex min-w-0 flex-col gap-3">
            <pre
              className="overflow-x-auto rounded-md border bg-muted/60 p-3 font-mono text-xs leading-relaxed"
              data-testid="ssh-config-text"
              // Scrolls sideways on narrow screens: focusable so it can be scrolled by keyboard.
              tabIndex={0}
              aria-label="SSH config"
            >
              {text}
            </pre>
            <div className="flex flex-wrap gap-2">
              <CopyButton value={text} label="SSH config" showText variant="outline" />
              <Button
                variant="outline"
                size="sm"
                onClick={() => downloadText(sshConfigFileName(cluster), text)}
              >
                <DownloadIcon aria-hidden="true" />
                Download
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            The machines have no addresses yet; this fills in once they are up.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
