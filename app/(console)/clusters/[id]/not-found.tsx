import { ClusterNotFound } from "@/components/clusters/cluster-detail";

export default function NotFound() {
  return <ClusterNotFound />;
}
