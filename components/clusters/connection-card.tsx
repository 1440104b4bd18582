"use client";

import dynamic from "next/dynamic";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CodeBlock } from "@/components/common/code-block";
import { Skeleton } from "@/components/ui/skeleton";
import { envExports, snippetTabs } from "@/lib/clusters/snippets";
import type { Cluster } from "@/lib/runcrate/schemas";
import { ConnectionTools } from "./tools/connection-tools";

// The tabs load once there is something to show in them: a cluster that is still coming up, the page most often
// open, doesn't need them. On a ready cluster's first load the server renders them.
const SnippetTabs = dynamic(() => import("./snippet-tabs").then((m) => m.SnippetTabs), {
  loading: () => <Skeleton className="h-28 w-full" aria-hidden="true" />,
});

/** Head SSH, hostfile, env vars and the launcher snippets; tabs the stack cannot use are disabled with the reason. */
export function ConnectionCard({ cluster }: { cluster: Cluster }) {
  const conn = cluster.connection;
  const tabs = snippetTabs(cluster);
  const first = tabs.find((t) => !t.disabledReason)?.name;
  const env = envExports(conn?.env);
  const unavailable = tabs.filter((t) => t.disabledReason);
  const nothingYet = !conn?.head_ssh && !conn?.hostfile && !env && !first;

  return (
    <Card data-testid="connection-card">
      <CardHeader>
        <CardTitle>
          <h2>Connect and launch</h2>
        </CardTitle>
        <CardDescription>Commands for this cluster, ready to paste.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {nothingYet && (
          <p className="text-sm text-muted-foreground">Connection details appear once the machines are up.</p>
        )}
        {conn?.head_ssh && (
          <section className="flex flex-col gap-1.5">
            <h3 className="text-xs font-medium">Head node SSH</h3>
            <CodeBlock label="head SSH command" text={conn.head_ssh} testId="head-ssh" />
          </section>
        )}
        {env && (
          <section className="flex flex-col gap-1.5">
            <h3 className="text-xs font-medium">Environment</h3>
            <CodeBlock label="environment variables" text={env} testId="env-vars" />
          </section>
        )}
        {conn?.hostfile && (
          <section className="flex flex-col gap-1.5">
            <h3 className="text-xs font-medium">Hostfile</h3>
            <CodeBlock label="hostfile" text={conn.hostfile} testId="hostfile" />
          </section>
        )}
        {!nothingYet && (
          <section className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-xs font-medium">Launch</h3>
              <ConnectionTools cluster={cluster} />
            </div>
            <SnippetTabs tabs={tabs} initial={first ?? tabs[0]!.name} />
            {unavailable.length > 0 && (
              <ul
                className="flex flex-col gap-0.5 text-xs text-muted-foreground"
                aria-label="Unavailable snippets"
              >
                {unavailable.map((t) => (
                  <li key={t.name} data-testid={`snippet-reason-${t.name}`}>
                    <span className="font-medium">{t.label}</span>: {t.disabledReason}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}

/** /shared on every machine, whether it is available (and why not), and the attached volume. */
export function StorageCard({ cluster }: { cluster: Cluster }) {
  const shared = cluster.shared;
  return (
    <Card data-testid="storage-card">
      <CardHeader>
        <CardTitle>
          <h2>Shared storage</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!shared ? (
          <p className="text-sm text-muted-foreground">
            Runcrate has not reported shared storage for this cluster.
          </p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Path</dt>
            <dd className="font-mono text-xs">{shared.path ?? "—"}</dd>
            <dt className="text-muted-foreground">Available</dt>
            <dd>
              {shared.available === true ? "Yes" : shared.available === false ? "No" : "Not yet known"}
              {shared.detail && <span className="block text-xs text-muted-foreground">{shared.detail}</span>}
            </dd>
            <dt className="text-muted-foreground">Volume</dt>
            <dd>
              {shared.volume ? (
                <>
                  {shared.volume.name ?? shared.volume.id}{" "}
                  {shared.volume.path && (
                    <span className="font-mono text-xs text-muted-foreground">
                      at {shared.volume.path} (head only)
                    </span>
                  )}
                </>
              ) : (
                <span className="text-muted-foreground">none attached</span>
              )}
            </dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
