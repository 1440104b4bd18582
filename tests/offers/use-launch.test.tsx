// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { draftKey, readDraftJson } from "@/components/launch/draft-storage";
import { NOT_GUARDED_MESSAGE, useLaunch } from "@/components/launch/use-launch";
import { parseDraft } from "@/components/launch/validation";
import { makeQueryClient } from "@/components/shell/query-client";
import type { ActionResult } from "@/lib/server/action-error";
import { defaultFormValues, type LaunchFormValues } from "@/lib/launch/form";
import { balanceQueryOptions } from "@/lib/query/balance";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import type { Cluster, Offer } from "@/lib/runcrate/schemas";
import { offerFixture } from "../support/fixtures";

/**
 * useLaunch, the create form's launch: one launch intent, one Idempotency-Key. The server action is the boundary
 * here (stubbed); what is under test is which key each call carries and what the form shows afterwards.
 */

const { launchCluster, push, refresh } = vi.hoisted(() => ({
  launchCluster: vi.fn(),
  push: vi.fn(),
  refresh: vi.fn(),
}));
vi.mock("@/lib/launch/actions", () => ({ launchCluster }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh }) }));
const { warning } = vi.hoisted(() => ({ warning: vi.fn() }));
vi.mock("sonner", () => ({ toast: { warning } }));

type LaunchResult = ActionResult<Cluster>;

const offer: Offer = offerFixture({
  id: "h100-sxm-8x-ib-helsinki",
  gpu_type: "H100",
  interconnect: null,
  hourly_rate_per_node: 20,
  allowed_node_counts: null,
  stacks: ["none", "slurm"],
});
const noLimits = { timeLimit: "", budgetLimit: "" };
const values: LaunchFormValues = { ...defaultFormValues(offer), name: "train", limits: noLimits };
const edited: LaunchFormValues = { ...values, node_count: 4 };

const failed = (kind: string, error = `Failed: ${kind}.`, more: object = {}) =>
  ({ ok: false, kind, error, ...more }) as LaunchResult;
const launched = (id: string) => ({ ok: true, data: { id } as Cluster }) as LaunchResult;

/** The key each launch was sent with, in order. */
const sentKeys = () =>
  launchCluster.mock.calls.map((c) => (c[0] as { idempotencyKey: string }).idempotencyKey);

function renderLaunch() {
  const client = makeQueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = function Page({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
  const hook = renderHook(
    () => {
      const form = useForm<LaunchFormValues>({
        defaultValues: { ...defaultFormValues(offer), limits: noLimits },
      });
      return { form, ...useLaunch(offer, form) };
    },
    { wrapper },
  );
  const launch = (v: LaunchFormValues) => act(() => hook.result.current.launch(v));
  return { ...hook, launch, invalidate };
}

beforeEach(() => {
  launchCluster.mockReset();
  push.mockReset();
  refresh.mockReset();
  window.sessionStorage.clear();
});

describe("useLaunch: one launch intent, one Idempotency-Key", () => {
  it("launches once on a double click", async () => {
    let answer: (r: LaunchResult) => void = () => {};
    launchCluster.mockImplementation(() => new Promise<LaunchResult>((r) => (answer = r)));
    const { result } = renderLaunch();
    let first: Promise<void> = Promise.resolve();
    let second: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.launch(values);
      second = result.current.launch(values);
    });
    // A click after the re-render (a new `launch`) is still the same launch in flight.
    await act(() => result.current.launch(values));
    expect(launchCluster).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(true);
    await act(async () => {
      answer(failed("server"));
      await Promise.all([first, second]);
    });
    expect(result.current.pending).toBe(false);
  });

  it("reuses the key on every retry of the same values, including after the action could not be reached", async () => {
    launchCluster
      .mockResolvedValueOnce(failed("timeout"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(failed("server"));
    const { result, launch } = renderLaunch();
    await launch(values);
    expect(result.current.problem).toMatchObject({ where: "form", retrySafe: true });
    await launch(values);
    expect(result.current.problem).toMatchObject({
      where: "form",
      retrySafe: true,
      message: "Clusterdeck could not be reached to launch the cluster.",
    });
    await launch(values);
    const keys = sentKeys();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(result.current.intent?.key).toBe(keys[0]);
  });

  it("keeps the key in the draft, so a retry after a reload reuses it", async () => {
    launchCluster.mockResolvedValue(failed("unreachable"));
    const first = renderLaunch();
    await first.launch(values);
    const key = sentKeys()[0]!;
    const draft = parseDraft(readDraftJson(offer.id));
    expect(draft?.intent?.key).toBe(key);
    expect(draft?.values).toEqual(values);
    first.unmount();

    // The reloaded form restores the draft's intent (create-cluster-form.tsx) and the user presses Launch again.
    const reloaded = renderLaunch();
    act(() => reloaded.result.current.setIntent(draft!.intent));
    await reloaded.launch(values);
    expect(sentKeys()).toEqual([key, key]);
  });

  it("mints a new key when the values change, and does not go back to the old one", async () => {
    launchCluster.mockResolvedValue(failed("server"));
    const { launch } = renderLaunch();
    await launch(values);
    await launch(edited);
    await launch(edited);
    await launch(values);
    const [a, b, c, d] = sentKeys();
    expect(b).not.toBe(a);
    expect(c).toBe(b);
    expect(d).not.toBe(a);
    expect(d).not.toBe(b);
  });

  it("after a success: drops the intent and the draft, refreshes the list and the balance, opens the cluster", async () => {
    launchCluster.mockResolvedValue(launched("c-1"));
    const { result, launch, invalidate, unmount } = renderLaunch();
    await launch(values);
    const key = sentKeys()[0]!;
    expect(push).toHaveBeenCalledWith("/clusters/c-1");
    expect(result.current.intent).toBeNull();
    expect(window.sessionStorage.getItem(draftKey(offer.id))).toBeNull();
    const invalidated = invalidate.mock.calls.map((c) => c[0]?.queryKey);
    expect(invalidated).toContainEqual(clustersQueryOptions().queryKey);
    expect(invalidated).toContainEqual(balanceQueryOptions().queryKey);
    // Still pending while the cluster page opens: another click launches nothing.
    expect(result.current.pending).toBe(true);
    await launch(values);
    expect(launchCluster).toHaveBeenCalledTimes(1);
    unmount();

    // Back on the form later with the same values: a new launch, so a new key.
    const again = renderLaunch();
    await again.launch(values);
    expect(sentKeys()[1]).not.toBe(key);
  });
});

describe("useLaunch: a launch the guardian could not take on", () => {
  const oneHour: LaunchFormValues = { ...values, limits: { timeLimit: "1h", budgetLimit: "" } };
  const answer = (guarded: boolean) =>
    ({ ok: true, data: { id: "c-1", name: "train", replayed: false, guarded } }) as unknown as LaunchResult;

  it("says the limits are not enforced when limits were asked for and the cluster is not guarded", async () => {
    warning.mockReset();
    launchCluster.mockResolvedValue(answer(false));
    await renderLaunch().launch(oneHour);
    expect(push).toHaveBeenCalledWith("/clusters/c-1");
    expect(warning).toHaveBeenCalledWith(NOT_GUARDED_MESSAGE, expect.anything());
  });

  it("says nothing when the cluster is guarded, or when no limits were asked for", async () => {
    warning.mockReset();
    launchCluster.mockResolvedValue(answer(true));
    await renderLaunch().launch(oneHour);
    launchCluster.mockResolvedValue(answer(false));
    await renderLaunch().launch(edited);
    expect(launchCluster).toHaveBeenCalledTimes(2);
    expect(warning).not.toHaveBeenCalled();
  });
});

describe("useLaunch: what a failed launch shows", () => {
  it("puts field errors on their fields, focusing the first, and says there are more", async () => {
    launchCluster.mockResolvedValue(
      failed("invalid-input", "Name is taken.", {
        fieldErrors: { "values.name": "Name is taken.", "ssh_key_ids.0": "Unknown key.", other: "x" },
      }),
    );
    const { result, launch } = renderLaunch();
    await launch(values);
    expect(result.current.form.getFieldState("name").error?.message).toBe("Name is taken.");
    expect(result.current.form.getFieldState("ssh_key_ids").error?.message).toBe("Unknown key.");
    expect(result.current.problem).toMatchObject({
      where: "form",
      message: "Name is taken. (and more, see the highlighted fields)",
      retrySafe: false,
      offerGone: false,
    });
  });

  it("puts a refused time limit (the team's policy, the operator's ceiling) on the limit field", async () => {
    const message = "The team's policy allows a time limit of at most 4 h; this asks for 8 h.";
    launchCluster.mockResolvedValue(failed("forbidden", message, { fieldErrors: { timeLimit: message } }));
    const { result, launch } = renderLaunch();
    await launch(values);
    expect(result.current.form.getFieldState("limits.timeLimit").error?.message).toBe(message);
    expect(result.current.problem).toMatchObject({ where: "form", message, offerGone: false });
  });

  it("says the offer is gone when the error is about the offer or a conflict", async () => {
    launchCluster
      .mockResolvedValueOnce(
        failed("not_found", "This offer is no longer listed.", {
          fieldErrors: { offer_id: "This offer is no longer listed." },
        }),
      )
      .mockResolvedValueOnce(failed("conflict", "Capacity is gone."));
    const { result, launch } = renderLaunch();
    await launch(values);
    expect(result.current.problem).toMatchObject({
      offerGone: true,
      message: "This offer is no longer listed.",
    });
    await launch(values);
    expect(result.current.problem).toMatchObject({ offerGone: true, message: "Capacity is gone." });
  });

  it("sends the price the form showed; when the offer moved, says so and keeps the same intent", async () => {
    const moved = "This offer's price changed since the page was loaded.";
    launchCluster.mockResolvedValueOnce(failed("changed", moved)).mockResolvedValueOnce(launched("c-2"));
    const { result, launch } = renderLaunch();
    await launch(values);
    expect(launchCluster.mock.calls[0]![0]).toMatchObject({ seen: { hourlyRatePerNode: 20 } });
    // The page showing the offer as it is now comes with the action's answer (it calls refresh() on the server).
    expect(refresh).not.toHaveBeenCalled();
    expect(result.current.problem).toMatchObject({
      where: "form",
      message: moved,
      retrySafe: false,
      offerGone: false,
    });
    expect(push).not.toHaveBeenCalled();
    // Nothing was created: pressing Launch again (at the new price) is the same launch intent.
    await launch(values);
    expect(sentKeys()[1]).toBe(sentKeys()[0]);
    expect(push).toHaveBeenCalledWith("/clusters/c-2");
  });

  it("shows a shortfall beside the balance and refreshes the balance", async () => {
    launchCluster.mockResolvedValue(failed("insufficient_credits", "Add $12 to launch."));
    const { result, launch, invalidate } = renderLaunch();
    await launch(values);
    expect(result.current.problem).toEqual({ where: "balance", message: "Add $12 to launch." });
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toContainEqual(balanceQueryOptions().queryKey);
  });

  it("points to sign-in or settings when the session or the key is the problem", async () => {
    launchCluster
      .mockResolvedValueOnce(failed("unauthenticated"))
      .mockResolvedValueOnce(failed("no-key"))
      .mockResolvedValueOnce(failed("unauthorized"));
    const { result, launch } = renderLaunch();
    await launch(values);
    expect(result.current.problem).toMatchObject({ signIn: true, settings: false, retrySafe: false });
    await launch(values);
    expect(result.current.problem).toMatchObject({ signIn: false, settings: true });
    await launch(values);
    expect(result.current.problem).toMatchObject({ signIn: false, settings: true });
  });
});
