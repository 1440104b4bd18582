import type { Metadata } from "next";
import { LinkIcon } from "lucide-react";
import { redirect } from "next/navigation";
import { StatusMessage } from "@/components/shell/status-message";
import { SharedClusterView } from "@/components/share/shared-cluster-view";
import { getSessionUser } from "@/lib/accounts/server/session";
import { readShared } from "@/lib/share/server/share";
import { sharePath } from "@/lib/share/share-links";

export const metadata: Metadata = { title: "Shared cluster", referrer: "no-referrer" };

/** /shared/{token}: a cluster shared read-only by its owner; any signed-in user of this Clusterdeck may open it. */
export default async function SharedPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(sharePath(token))}`);
  const shared = await readShared(token, { openedBy: user.id });
  if (shared.state !== "ok")
    return (
      <StatusMessage icon={<LinkIcon />} title="This link doesn’t open a cluster">
        {shared.message}
      </StatusMessage>
    );
  return <SharedClusterView token={token} initial={shared} />;
}
