import { LoaderCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { statusInfo, type StatusTone } from "@/lib/clusters/status";
import { cn } from "@/lib/utils";

const VARIANT: Record<StatusTone, "info" | "success" | "warning" | "destructive" | "secondary"> = {
  progress: "info",
  success: "success",
  warning: "warning",
  danger: "destructive",
  neutral: "secondary",
};

/** A cluster status badge. Its meaning rides along as the tooltip and, for screen readers, as part of its name. */
export function StatusBadge({
  status,
  className,
  withMeaning = true,
  label,
}: {
  status: string;
  /** Overrides the status's own word (clusterBadgeLabel: "Installing Slurm"). */
  label?: string;
  className?: string;
  withMeaning?: boolean;
}) {
  const info = statusInfo(status);
  return (
    <Badge
      variant={VARIANT[info.tone]}
      className={cn("gap-1 whitespace-nowrap", className)}
      title={withMeaning ? info.meaning : undefined}
      data-status={info.status}
    >
      {info.transitional && (
        <LoaderCircleIcon aria-hidden="true" className="size-3 animate-spin motion-reduce:animate-none" />
      )}
      {label ?? info.label}
      {withMeaning && <span className="sr-only">: {info.meaning}</span>}
    </Badge>
  );
}

export function toneVariant(tone: StatusTone) {
  return VARIANT[tone];
}
