// @vitest-environment jsdom
/**
 * The one labelled text input every form uses: its label, its description read out with it, its error shown and
 * announced on the input, and a secret field masked until shown.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { TextField } from "@/components/common/text-field";

type Values = { name: string; token: string };

function Form() {
  const form = useForm<Values>({ defaultValues: { name: "", token: "" } });
  return (
    <form
      onSubmit={form.handleSubmit(() => undefined)}
      noValidate
      onReset={() => form.setError("name", { message: "That name is taken." })}
    >
      <TextField form={form} name="name" id="f-name" label="Name" description="Shown to the team." />
      <TextField form={form} name="token" id="f-token" label="Token" secret autoComplete="new-password" />
      <button type="reset">Refuse</button>
    </form>
  );
}

describe("a text field", () => {
  it("is labelled, reads its description out with the input, and types into the form's value", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const name = screen.getByLabelText<HTMLInputElement>("Name", { selector: "input" });
    const described = name.getAttribute("aria-describedby");
    expect(described && document.getElementById(described)?.textContent).toBe("Shown to the team.");
    expect(name.getAttribute("autocomplete")).toBe("off");
    expect(name.getAttribute("aria-invalid")).toBe("false");
    await user.type(name, "Ada");
    expect(name.value).toBe("Ada");
  });

  it("shows a refusal under the input and marks the input invalid", async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole("button", { name: "Refuse" }));
    expect((await screen.findByText("That name is taken.")).closest("[role=alert]")).not.toBeNull();
    expect(screen.getByLabelText("Name", { selector: "input" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("masks a secret until it is shown, keeping the autocomplete it was given", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const token = screen.getByLabelText("Token", { selector: "input" });
    expect(token.getAttribute("type")).toBe("password");
    expect(token.getAttribute("autocomplete")).toBe("new-password");
    expect(token.hasAttribute("aria-describedby")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(token.getAttribute("type")).toBe("text");
  });
});
