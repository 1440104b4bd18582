// @vitest-environment jsdom
/** The page a share link opens, as a component: what it shows of the shared cluster, in the order people read it. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SharedClusterView } from "@/components/share/shared-cluster-view";
import { clusterSchema } from "@/lib/runcrate/schemas";
import { sharedClusterView } from "@/lib/share/share-links";

const cluster = clusterSchema.parse({
  id: "c-1",
  name: "train",
  status: "terminated",
  stack: "none",
  node_count: 2,
  gpu_type: "H100",
  gpus_per_node: 8,
  hourly_rate_per_node: 20,
  created_at: "2026-03-01T10:00:00.000Z",
  terminated_at: "2026-03-01T11:00:00.000Z",
  nodes: [],
  // As the kept timeline returns them: oldest first.
  events: [
    { id: 1, at: "2026-03-01T10:00:00.000Z", kind: "cluster_created", message: "created" },
    { id: 2, at: "2026-03-01T10:05:00.000Z", kind: "cluster_ready", message: "ready" },
    { id: 3, at: "2026-03-01T11:00:00.000Z", kind: "cluster_terminated", message: "terminated" },
  ],
});

describe("SharedClusterView", () => {
  it("lists the events newest first, as its heading says, by kind alone", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SharedClusterView
          token="t"
          initial={{
            state: "ok",
            cluster: sharedClusterView(cluster),
            expiresAt: "2026-03-02T10:00:00.000Z",
          }}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText("3 events, newest first")).toBeTruthy();
    // The viewer is told that opening it is seen.
    expect(screen.getByText(/the owner sees that you opened it/)).toBeTruthy();
    const events = screen.getAllByTestId("event");
    expect(events.map((e) => within(e).getByText(/^Cluster /).textContent)).toEqual([
      "Cluster terminated",
      "Cluster ready",
      "Cluster created",
    ]);
    // Runcrate's own text is not shared.
    expect(
      events.some((e) => /created|ready|terminated$/.test(e.querySelector("p")?.textContent ?? "")),
    ).toBe(false);
  });
});
