import "server-only";
import { headers } from "next/headers";
import { configuredOrigin } from "./mail-origin";

/**
 * The origin this request came to, as its proxy forwarded it (or AUTH_URL's): for mail to the requester only, and
 * for the administrator's own choice of the instance's origin (mail-origin.ts says why no other mail uses it).
 */
export async function appOrigin(): Promise<string> {
  const configured = configuredOrigin();
  if (configured) return configured;
  const h = await headers();
  const host = (h.get("x-forwarded-host") ?? h.get("host") ?? "localhost").split(",")[0]!.trim();
  const proto = (h.get("x-forwarded-proto") ?? "http").split(",")[0]!.trim();
  return `${proto}://${host}`;
}
