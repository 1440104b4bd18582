import { Fragment } from "react";
import { getRuncrateContext } from "@/lib/keys/server/runcrate-context";

/**
 * A cluster is read with the active key (the person's own, or their team's), so switching key or team mounts this
 * page afresh: that is what lets "Cluster not found" ask again with the new key, since Next's not-found boundary
 * (inside this layout) otherwise resets only on a change of path. Other pages keep their state through a switch.
 */
export default async function ClusterLayout({ children }: { children: React.ReactNode }) {
  const ctx = await getRuncrateContext();
  return <Fragment key={ctx.state === "ready" ? ctx.key.id : "none"}>{children}</Fragment>;
}
