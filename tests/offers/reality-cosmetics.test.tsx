// @vitest-environment jsdom
/** Tolerant reading: the create form's small statements, for an API whose ranks, statuses and stacks differ. */
import { whole } from "@/tests/support/fixtures";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { NameField, StackField } from "@/components/launch/cluster-fields";
import { MachineNames } from "@/components/launch/machine-names";
import { testStartBlocked } from "@/lib/clusters/nccl";
import { rankOrigin, type LaunchFormValues } from "@/lib/launch/form";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import type { Offer } from "@/lib/runcrate/schemas";
import { cluster, offer as offerBody } from "@/tests/support/runcrate-bodies";

const values: LaunchFormValues = {
  name: "train",
  node_count: 2,
  stack: "none",
  ssh_key_ids: [],
  storage_id: "",
  include_community: false,
  limits: { timeLimit: "", budgetLimit: "" },
};

function Harness({
  children,
}: {
  children: (form: ReturnType<typeof useForm<LaunchFormValues>>) => React.ReactNode;
}) {
  const form = useForm<LaunchFormValues>({ defaultValues: values });
  return <>{children(form)}</>;
}

function withClient(qc: QueryClient, node: React.ReactNode) {
  return render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

describe("machine-name preview", () => {
  it("uses the rank origin of the workspace's real machines (train-1 … when the API starts at 1)", () => {
    const qc = new QueryClient();
    qc.setQueryData(
      clustersQueryOptions().queryKey,
      whole([
        cluster({
          nodes: [
            { rank: 2, role: "worker", name: "a-2", status: "running" },
            { rank: 1, role: "head", name: "a-1", status: "running" },
          ],
        }),
      ]),
    );
    withClient(
      qc,
      <Harness>{(form) => <NameField form={form} errors={{}} id="n" values={values} />}</Harness>,
    );
    const preview = screen.getByTestId("machine-names").textContent;
    expect(preview).toContain("train-1, train-2");
    expect(preview).not.toContain("train-0");
  });

  it("counts from the head at rank 0 while no real machine is known, as Runcrate describes it", () => {
    render(<MachineNames name="train" nodeCount={2} />);
    expect(screen.getByTestId("machine-names").textContent).toBe(
      "Machines: train-0, train-1 (named <name>-<rank>; train-0 is the head, rank 0)",
    );
    expect(rankOrigin([{ nodes: [] }, { nodes: null }])).toBe(0);
  });
});

describe("empty status", () => {
  it("never reads 'this one is .'", () => {
    const why = testStartBlocked({ status: "" });
    expect(why).not.toMatch(/is \.$/);
    expect(why).toMatch(/no status/);
  });
});

describe("unknown stack", () => {
  it("names a stack this console does not know, and why it is not offered", () => {
    const offer = offerBody("o", { stacks: ["none", "slurm", "slurm-ha"] }) as unknown as Offer;
    withClient(
      new QueryClient(),
      <Harness>{(form) => <StackField form={form} errors={{}} id="s" offer={offer} />}</Harness>,
    );
    const note = screen.getByTestId("unknown-stacks").textContent;
    expect(note).toContain("slurm-ha");
    expect(note).toMatch(/unknown to this console/);
    expect(screen.getAllByRole("radio")).toHaveLength(2);
  });
});
