// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SshKeyField } from "@/components/launch/ssh-key-field";
import { StorageField } from "@/components/launch/storage-field";
import { whole } from "@/tests/support/fixtures";

afterEach(() => vi.unstubAllGlobals());

function withClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

/** The app's routes answer 503 with a message until `recover` is called; then the list they are asked for. */
function failingThenAnswering(list: unknown[]) {
  let ok = false;
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      ok
        ? Response.json({ data: whole(list) })
        : Response.json(
            { error: { code: "upstream", message: "Runcrate is not answering." } },
            { status: 503 },
          ),
    ),
  );
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, recover: () => (ok = true) };
}

describe("a create-form list that could not be read", () => {
  it("SSH keys: says so with the reason, and Retry reads the list again", async () => {
    const user = userEvent.setup();
    const api = failingThenAnswering([{ id: "key-1", name: "laptop" }]);
    withClient(<SshKeyField value={[]} onChange={() => {}} describedBy="d" />);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Couldn’t load SSH keys: Runcrate is not answering.",
    );
    api.recover();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("laptop")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("storage volumes: says so with the reason, and Retry reads the list again", async () => {
    const user = userEvent.setup();
    const api = failingThenAnswering([{ id: "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60", name: "datasets" }]);
    withClient(
      <StorageField
        offer={{ country_code: "US", location: "Newark, NJ, US" }}
        id="s"
        value=""
        onChange={() => {}}
        invalid={false}
        describedBy="d"
      />,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Couldn’t load storage volumes: Runcrate is not answering.",
    );
    api.recover();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("option", { name: /datasets/ })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
