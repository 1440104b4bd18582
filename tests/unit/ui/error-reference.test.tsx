// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import ConsoleError from "@/app/(console)/error";
import { currentRequestId, watchServerAnswers } from "@/components/shell/request-reference";
import { REQUEST_ID_META } from "@/lib/request-id";

/** Issue 19: error pages quote the failed request's id (X-Request-Id, the server log's key) as their reference. */

const serverError = () => Object.assign(new Error("boom"), { digest: "3141592653" });

afterEach(() => cleanup());

describe("the error page's reference", () => {
  it("shows the page load's request id with the digest", () => {
    document.head.innerHTML = `<meta name="${REQUEST_ID_META}" content="req-page-load-0001">`;
    render(<ConsoleError error={serverError()} retry={() => {}} />);
    expect(screen.getByText("req-page-load-0001 · 3141592653")).toBeTruthy();
  });

  it("after a client-side navigation, names the router answer's request id, not a prefetch's", async () => {
    document.head.innerHTML = `<meta name="${REQUEST_ID_META}" content="req-page-load-0001">`;
    let next = "req-navigation-0002";
    window.fetch = (async () => new Response("", { headers: { "x-request-id": next } }));
    watchServerAnswers();
    await fetch("/clusters", { headers: { RSC: "1" } });
    expect(currentRequestId()).toBe("req-navigation-0002");
    next = "req-prefetch-0003";
    await fetch("/offers", { headers: { RSC: "1", "Next-Router-Prefetch": "1" } });
    next = "req-asset-0004";
    await fetch("/api/balance");
    expect(currentRequestId()).toBe("req-navigation-0002");
    render(<ConsoleError error={serverError()} retry={() => {}} />);
    expect(screen.getByText("req-navigation-0002 · 3141592653")).toBeTruthy();
  });

  it("shows no reference for an error with no digest (thrown in the browser)", () => {
    render(<ConsoleError error={new Error("client")} retry={() => {}} />);
    expect(screen.queryByText(/Reference/)).toBeNull();
  });
});
