import { ClusterListSkeleton } from "@/components/clusters/skeletons";

export default function Loading() {
  return <ClusterListSkeleton />;
}
