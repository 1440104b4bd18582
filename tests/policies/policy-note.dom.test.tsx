// @vitest-environment jsdom
/** The create form's policy note: the team's rules beside the launch, and what this launch would break. */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PolicyNote } from "@/components/policies/policy-note";
import { NO_POLICY } from "@/lib/policies/policy";

const POLICY = { ...NO_POLICY, maxNodes: 4, gpuTypes: ["H100"] };

describe("the policy note", () => {
  it("says nothing without a policy, or with one that has no rules", () => {
    const { container, rerender } = render(<PolicyNote policy={null} case={{ nodes: 64 }} />);
    expect(container.textContent).toBe("");
    rerender(<PolicyNote policy={NO_POLICY} case={{ nodes: 64 }} />);
    expect(container.textContent).toBe("");
  });

  it("lists the rules; a launch that keeps them is no alert", () => {
    render(<PolicyNote policy={POLICY} case={{ gpuType: "h100", nodes: 4 }} />);
    expect(screen.getByTestId("policy-note").textContent).toBe(
      "The team's policy: At most 4 nodes per cluster · GPU types: H100.",
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a launch that breaks one is an alert naming each rule broken", () => {
    render(<PolicyNote policy={POLICY} case={{ gpuType: "A10", nodes: 8 }} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(
      "The team's policy allows H100; this offer is A10. Launching is refused until it keeps the policy.",
    );
    expect(alert.textContent).toContain(
      "The team's policy allows at most 4 nodes per cluster; this asks for 8.",
    );
  });
});
