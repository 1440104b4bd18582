"use client";

import { DownloadIcon } from "lucide-react";
import { downloadText } from "@/components/common/download-text";
import { Button } from "@/components/ui/button";
import { clusterSummariesCsv, type ClusterSummary } from "@/lib/budgets/team-spend-view";

/** Downloads the team's cluster summaries for the period as CSV (made in the browser from the rows shown). */
export function TeamClustersCsv({ rows, fileName }: { rows: ClusterSummary[]; fileName: string }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      onClick={() => downloadText(fileName, clusterSummariesCsv(rows), "text/csv")}
    >
      <DownloadIcon aria-hidden="true" />
      Export CSV
    </Button>
  );
}
