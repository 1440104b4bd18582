import { beforeEach, describe, expect, it, vi } from "vitest";

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));
import { looksLikePhone } from "@/lib/server/phone-hint";

const UA = {
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  desktop:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
};

describe("the phone hint of the first render", () => {
  beforeEach(() => {
    request.headers = new Headers();
  });

  it("believes Chromium's mobile client hint either way", async () => {
    request.headers = new Headers({ "sec-ch-ua-mobile": "?1", "user-agent": UA.desktop });
    expect(await looksLikePhone()).toBe(true);
    request.headers = new Headers({ "sec-ch-ua-mobile": "?0", "user-agent": UA.android });
    expect(await looksLikePhone()).toBe(false);
  });

  it("reads the User-Agent where there is no hint (Safari, Firefox): phones yes, tablets and desktops no", async () => {
    for (const [ua, phone] of [
      [UA.iphone, true],
      [UA.android, true],
      [UA.ipad, false],
      [UA.desktop, false],
    ] as const) {
      request.headers = new Headers({ "user-agent": ua });
      expect(await looksLikePhone()).toBe(phone);
    }
  });

  it("guesses no phone when the request says nothing", async () => {
    expect(await looksLikePhone()).toBe(false);
  });
});
