import { describe, expect, it } from "vitest";
import { activeClusterNamed } from "@/lib/launch/form";
import type { Cluster } from "@/lib/runcrate/schemas";

describe("activeClusterNamed", () => {
  const c = (name: string, status: string) => ({ name, status }) as Cluster;
  it("finds an active cluster with the typed name, ignoring failed and terminated ones", () => {
    const list = [c("train", "terminated"), c("train", "failed"), c("eval", "provisioning")];
    expect(activeClusterNamed(list, "train")).toBeNull();
    expect(activeClusterNamed(list, " eval ")?.status).toBe("provisioning");
    expect(activeClusterNamed([...list, c("train", "ready")], "train")?.status).toBe("ready");
  });
  it("says nothing before the list has loaded or while the name is empty", () => {
    expect(activeClusterNamed(undefined, "train")).toBeNull();
    expect(activeClusterNamed([c("", "ready")], "")).toBeNull();
  });
});
