// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { CopyButton } from "@/components/common/copy-button";

describe("CopyButton in a DOM", () => {
  it("copies its value when clicked and says so in its live region", async () => {
    const user = userEvent.setup();
    render(<CopyButton value="ssh root@10.0.0.1" label="SSH command" />);
    await user.click(screen.getByRole("button", { name: "Copy SSH command" }));
    expect(await navigator.clipboard.readText()).toBe("ssh root@10.0.0.1");
    expect(await screen.findByRole("status")).toHaveProperty("textContent", expect.stringMatching(/copied/i));
  });
});
