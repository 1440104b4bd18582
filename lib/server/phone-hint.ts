import "server-only";
import { headers } from "next/headers";
import { userAgent } from "next/server";

/**
 * Whether the request comes from a phone, as far as the request says: Chromium's `Sec-CH-UA-Mobile: ?1` (sent on every
 * request), else the User-Agent as Next's `userAgent()` reads it. A hint for the first render only — pages that lay
 * out differently on phones render the phone layout for it, and the browser's media query decides after hydration
 * (components/offers/use-narrow.ts), so a wrong guess costs one re-render, not a wrong page.
 */
export async function looksLikePhone(): Promise<boolean> {
  const h = await headers();
  const mobile = h.get("sec-ch-ua-mobile");
  if (mobile === "?1") return true;
  if (mobile === "?0") return false;
  return userAgent({ headers: h }).device.type === "mobile";
}
