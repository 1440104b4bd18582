// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import ConsoleError from "@/app/(console)/error";

/**
 * Error pages quote Next's digest of a server error as their reference. The server logs that digest beside the
 * failed request's id (tests/server/request-log.test.ts), so an operator goes from the page to every line of the
 * request. No browser global is patched to learn the request id (ESLint refuses an assignment to fetch).
 */

const serverError = () => Object.assign(new Error("boom"), { digest: "3141592653" });

afterEach(() => cleanup());

describe("the error page's reference", () => {
  it("is the server error's digest", () => {
    render(<ConsoleError error={serverError()} retry={() => {}} />);
    expect(screen.getByText("3141592653")).toBeTruthy();
    expect(screen.getByText(/Reference/)).toBeTruthy();
  });

  it("is absent for an error with no digest (thrown in the browser)", () => {
    render(<ConsoleError error={new Error("client")} retry={() => {}} />);
    expect(screen.queryByText(/Reference/)).toBeNull();
  });
});
