import { Fragment } from "react";
import { getSessionUser } from "@/lib/accounts/server/session";
import { listKeyViews } from "@/lib/keys/server/key-views";

/**
 * A cluster is read with the active key, so a key switch mounts this page afresh: that is what lets "Cluster not
 * found" ask again with the new key, since Next's not-found boundary (inside this layout) otherwise resets only on
 * a change of path. Other pages keep their state through a switch.
 */
export default async function ClusterLayout({ children }: { children: React.ReactNode }) {
  const user = await getSessionUser();
  const keys = user ? await listKeyViews(user.id) : [];
  return <Fragment key={keys.find((k) => k.isActive)?.id ?? "none"}>{children}</Fragment>;
}
