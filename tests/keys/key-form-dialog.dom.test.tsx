// @vitest-environment jsdom
/**
 * The add-key dialog: a key from elsewhere is refused in the form before anything is sent, and a key the server could
 * not check (Runcrate unreachable) says so in the dialog and saves nothing. Formerly a browser test; the journeys with
 * keys (saved across sign-out, several keys and the header's switcher) stay in tests/e2e/accounts.spec.ts.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { KeyFormDialog } from "@/components/keys/key-form-dialog";
import { addKeyAction } from "@/lib/keys/actions";

vi.mock("@/lib/keys/actions", () => ({ addKeyAction: vi.fn(), replaceKeyAction: vi.fn() }));

const UNREACHABLE =
  "The key was not saved: Clusterdeck couldn't reach the Runcrate API to check it. Try again in a moment.";

function renderDialog() {
  const onOpenChange = vi.fn();
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <KeyFormDialog open onOpenChange={onOpenChange} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onOpenChange, onSaved };
}

describe("the add-key dialog", () => {
  it("refuses a key from elsewhere in the form, and shows the server's refusal when the key can't be checked", async () => {
    const user = userEvent.setup();
    const add = vi.mocked(addKeyAction);
    add.mockResolvedValue({ ok: false, kind: "unreachable", error: UNREACHABLE });
    const { onOpenChange, onSaved } = renderDialog();

    await user.type(screen.getByLabelText("Label"), "Broken");
    await user.type(screen.getByLabelText("API key"), "sk_live_1234567890abcdef");
    await user.click(screen.getByRole("button", { name: "Check and save" }));
    // The prefix is what is wrong with a key from elsewhere, and that is what the form says; nothing is sent.
    expect(
      await screen.findByText(
        "Runcrate keys start with rc_live_. This looks like a key from somewhere else.",
      ),
    ).toBeTruthy();
    expect(add).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("API key"));
    await user.type(screen.getByLabelText("API key"), "rc_live_0123456789abcdef0123456789abcdef");
    await user.click(screen.getByRole("button", { name: "Check and save" }));
    await waitFor(() => expect(screen.getByTestId("form-alert").textContent).toContain(UNREACHABLE));
    expect(add).toHaveBeenCalledTimes(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
