import { ClusterDetailSkeleton } from "@/components/clusters/skeletons";

export default function Loading() {
  return <ClusterDetailSkeleton />;
}
