// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A browser's Notification API and permission status, with a count of synchronous permission reads. */
function fakeBrowser(initial: NotificationPermission) {
  let current = initial;
  let reads = 0;
  const listeners = new Set<() => void>();
  const status = {
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  };
  const Notification = {
    get permission() {
      reads++;
      return current;
    },
    requestPermission: vi.fn(async () => {
      current = "granted";
      return current;
    }),
  };
  vi.stubGlobal("Notification", Notification);
  Object.defineProperty(navigator, "permissions", {
    configurable: true,
    value: { query: async () => status },
  });
  return {
    reads: () => reads,
    /** The user changes the site's permission in the browser's settings. */
    change(to: NotificationPermission) {
      current = to;
      for (const f of listeners) f();
    },
  };
}

async function renderButton() {
  // A fresh module per test: the button keeps the browser's answer at module level.
  vi.resetModules();
  const { NotifyButton } = await import("@/components/clusters/notify-button");
  return render(<NotifyButton />);
}

describe("the Notify me button", () => {
  beforeEach(() => cleanup());
  afterEach(() => vi.unstubAllGlobals());

  it("asks for permission only when clicked, then says notifications are on", async () => {
    const browser = fakeBrowser("default");
    await renderButton();
    const button = await screen.findByRole("button", { name: /notify me/i });
    expect((Notification.requestPermission as ReturnType<typeof vi.fn>).mock.calls).toHaveLength(0);
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText("Notifications on")).toBeTruthy();
    expect(browser.reads()).toBeGreaterThan(0);
  });

  it("reads the permission after rendering, not during it (a hydrating page stays what the server sent)", async () => {
    const browser = fakeBrowser("granted");
    const view = await renderButton();
    // The first render is the server's placeholder, made without asking the browser.
    expect(browser.reads()).toBe(0);
    expect(view.container.querySelector("[aria-hidden=true].invisible")).not.toBeNull();
    expect(await screen.findByText("Notifications on")).toBeTruthy();
    expect(browser.reads()).toBe(1);
  });

  it("does not read the permission again on every render", async () => {
    const browser = fakeBrowser("default");
    const view = await renderButton();
    await screen.findByRole("button", { name: /notify me/i });
    await act(async () => {}); // the permission status subscription settles
    const settled = browser.reads();
    expect(settled).toBeLessThanOrEqual(2);
    const { NotifyButton } = await import("@/components/clusters/notify-button");
    for (let i = 0; i < 5; i++) view.rerender(<NotifyButton />);
    expect(browser.reads()).toBe(settled);
  });

  it("follows the browser after a click too", async () => {
    const browser = fakeBrowser("default");
    await renderButton();
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: /notify me/i })));
    expect(await screen.findByText("Notifications on")).toBeTruthy();
    await act(async () => browser.change("denied"));
    expect(await screen.findByText("Notifications blocked")).toBeTruthy();
  });

  it("asks the browser again when a button mounts after a change made while none was shown", async () => {
    const browser = fakeBrowser("default");
    const view = await renderButton();
    await screen.findByRole("button", { name: /notify me/i });
    view.unmount();
    browser.change("granted");
    const { NotifyButton } = await import("@/components/clusters/notify-button");
    render(<NotifyButton />);
    expect(await screen.findByText("Notifications on")).toBeTruthy();
  });

  it("follows a change made in the browser's settings", async () => {
    const browser = fakeBrowser("default");
    await renderButton();
    await screen.findByRole("button", { name: /notify me/i });
    await act(async () => browser.change("denied"));
    expect(await screen.findByText("Notifications blocked")).toBeTruthy();
  });

  it("shows nothing where the browser has no notifications", async () => {
    vi.stubGlobal("Notification", undefined);
    const view = await renderButton();
    await waitFor(() => expect(view.container.textContent).toBe(""));
  });
});
