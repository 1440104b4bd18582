import { Badge } from "@/components/ui/badge";
import { beforeResizeLabel, ranBeforeResize } from "@/lib/clusters/test-history";

/**
 * Marks a test run made on another node count than the cluster has now (it ran before a resize), in the history list
 * and on the last result of the cluster page. Renders nothing for a run on today's node count.
 */
export function BeforeResizeBadge({
  thenNodes,
  nowNodes,
}: {
  thenNodes: number | null | undefined;
  nowNodes: number;
}) {
  if (!ranBeforeResize(thenNodes, nowNodes)) return null;
  return (
    <Badge variant="outline" data-testid="before-resize">
      {beforeResizeLabel(thenNodes!, nowNodes)}
    </Badge>
  );
}
