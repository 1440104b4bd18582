// @vitest-environment jsdom
/**
 * Settings → Webhooks' add form as a component: a URL the server refuses gets its message under the field, nothing
 * is listed, and what was typed is back when the page is opened again. The refusal itself is the real URL check.
 * Formerly a browser test; the delivery journey stays in tests/e2e/notifications.spec.ts.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebhooksManager } from "@/components/notifications/webhooks-manager";
import { isFailing, type DeliveryLogView, type WebhookWithLog } from "@/lib/notifications/notification-view";
import { checkWebhookUrl } from "@/lib/notifications/server/address";

const { addWebhook } = vi.hoisted(() => ({ addWebhook: vi.fn() }));
vi.mock("@/lib/notifications/actions", () => ({
  addWebhook,
  removeWebhook: vi.fn(),
  sendWebhookTest: vi.fn(),
}));

function renderManager(initial: WebhookWithLog[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WebhooksManager initial={initial} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  addWebhook.mockReset();
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("no network in this test"))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("adding a webhook", () => {
  it("refuses a bad URL with a clear message under the field; nothing is saved and the text survives a reload", async () => {
    // What the action answers (lib/notifications/actions.ts): the URL check's own message, on the url field.
    const check = await checkWebhookUrl("ftp://example.com/hook", { allowPrivate: true });
    expect(check).toEqual({ ok: false, error: "The URL must start with https:// (or http://)." });
    const problem = check.ok ? "" : check.error;
    addWebhook.mockResolvedValue({
      ok: false,
      kind: "invalid-input",
      error: problem,
      fieldErrors: { url: problem },
    });

    const user = userEvent.setup();
    const first = renderManager();
    const url = () => screen.getByRole<HTMLInputElement>("textbox", { name: "URL" });
    await user.type(url(), "ftp://example.com/hook");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByText("The URL must start with https:// (or http://).")).toBeTruthy();
    expect(url().getAttribute("aria-invalid")).toBe("true");
    expect(addWebhook).toHaveBeenCalledWith(expect.objectContaining({ url: "ftp://example.com/hook" }));
    expect(screen.queryAllByTestId("webhook")).toHaveLength(0);
    first.unmount();

    renderManager();
    await waitFor(() => expect(url().value).toBe("ftp://example.com/hook"));
    expect(screen.queryAllByTestId("webhook")).toHaveLength(0);

    // Marked unsaved; Discard empties the form and forgets the draft.
    expect(screen.getByTestId("unsaved-changes")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(url().value).toBe("");
    expect(screen.queryByTestId("unsaved-changes")).toBeNull();
    expect(sessionStorage.getItem("clusterdeck:webhook-draft")).toBeNull();
  });

  it("keeps an unticked event across a reload; once added, shows the secret once and empties the form", async () => {
    const user = userEvent.setup();
    const first = renderManager();
    await user.type(screen.getByRole("textbox", { name: "URL" }), "https://hooks.example.com/a");
    const ready = () => screen.getByRole("checkbox", { name: "Cluster ready" });
    await user.click(ready());
    expect(ready().getAttribute("aria-checked")).toBe("false");
    const slack = () => screen.getByRole<HTMLInputElement>("radio", { name: /Slack-compatible/ });
    await user.click(slack());
    first.unmount();

    renderManager();
    await waitFor(() => expect(ready().getAttribute("aria-checked")).toBe("false"));
    expect(slack().checked).toBe(true);
    addWebhook.mockResolvedValue({ ok: true, data: { id: crypto.randomUUID(), secret: "whsec_shown_once" } });
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect((await screen.findByTestId("webhook-secret-value")).textContent).toBe("whsec_shown_once");
    const sent = addWebhook.mock.calls[0]?.[0] as { url: string; events: string[]; format: string };
    expect(sent.url).toBe("https://hooks.example.com/a");
    expect(sent.format).toBe("slack");
    expect(sent.events).not.toContain("cluster-ready");
    expect(sent.events).toContain("cluster-failed");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "URL" }).value).toBe("");
    expect(sessionStorage.getItem("clusterdeck:webhook-draft")).toBeNull();
  });
});

describe("a webhook that keeps failing", () => {
  const attempt = (n: number, statusCode: number | null) => ({
    attempt: 1,
    at: new Date(Date.UTC(2026, 2, 1, 10, n)).toISOString(),
    durationMs: 12,
    statusCode,
    error: statusCode === null ? "no HTTP answer from the receiver" : null,
  });
  const delivery = (n: number, statusCode: number | null): DeliveryLogView => ({
    id: `d-${n}`,
    eventType: "cluster-ready",
    title: "ready",
    status: statusCode !== null && statusCode < 300 ? "delivered" : "failed",
    createdAt: new Date(Date.UTC(2026, 2, 1, 10, n)).toISOString(),
    attempts: [attempt(n, statusCode)],
  });

  it("is failing when its latest three attempts got no 2xx answer, and not once one gets through", () => {
    expect(isFailing([delivery(1, 500), delivery(2, null), delivery(3, 404)])).toBe(true);
    expect(isFailing([delivery(1, 500), delivery(2, null), delivery(3, 404), delivery(4, 204)])).toBe(false);
    // An old success does not hide three newer failures; two failures are not yet "keeps failing".
    expect(isFailing([delivery(0, 200), delivery(1, 500), delivery(2, 500), delivery(3, 500)])).toBe(true);
    expect(isFailing([delivery(1, 500), delivery(2, 500)])).toBe(false);
  });

  it("is marked in the list with what to do about it", () => {
    const hook = (failing: boolean, url: string): WebhookWithLog => ({
      id: url,
      url,
      events: ["cluster-ready"],
      format: "json",
      createdAt: "2026-03-01T09:00:00.000Z",
      // Three failed attempts in a row, or a failure after a success.
      deliveries: failing
        ? [delivery(1, 500), delivery(2, null), delivery(3, 404)]
        : [delivery(1, 204), delivery(2, 500)],
    });
    renderManager([hook(true, "https://bad.example.com/h"), hook(false, "https://good.example.com/h")]);
    const [bad, good] = screen.getAllByTestId("webhook");
    expect(bad!.querySelector('[data-testid="webhook-failing"]')?.textContent).toBe("Failing");
    expect(bad!.textContent).toContain("The last 3 attempts got no successful answer");
    expect(good!.querySelector('[data-testid="webhook-failing"]')).toBeNull();
  });

  it("says why a Slack-format address shows only its origin", () => {
    const hook = (url: string, format: "json" | "slack"): WebhookWithLog => ({
      id: url,
      url,
      events: ["cluster-ready"],
      format,
      createdAt: "2026-03-01T09:00:00.000Z",
      deliveries: [],
    });
    renderManager([hook("https://hooks.slack.com/…", "slack"), hook("https://r.example.com/h", "json")]);
    const [slack, json] = screen.getAllByTestId("webhook");
    expect(slack!.textContent).toContain("https://hooks.slack.com/…");
    expect(slack!.querySelector('[data-testid="webhook-sealed"]')?.textContent).toContain(
      "the rest is the receiver’s credential, stored sealed",
    );
    expect(json!.querySelector('[data-testid="webhook-sealed"]')).toBeNull();
  });
});
