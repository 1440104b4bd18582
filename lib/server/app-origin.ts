import "server-only";
import { headers } from "next/headers";

/**
 * The console's public origin, for links in mail (a verification link, an invite): AUTH_URL's when set (the operator
 * pins it), else the origin this request came to, as its proxy forwarded it.
 */
export async function appOrigin(): Promise<string> {
  const configured = process.env.AUTH_URL?.trim();
  if (configured) return new URL(configured).origin;
  const h = await headers();
  const host = (h.get("x-forwarded-host") ?? h.get("host") ?? "localhost").split(",")[0]!.trim();
  const proto = (h.get("x-forwarded-proto") ?? "http").split(",")[0]!.trim();
  return `${proto}://${host}`;
}

/** The same, or undefined outside a request (a job, the guardian): for links that are only added where known. */
export async function requestOrigin(): Promise<string | undefined> {
  try {
    return await appOrigin();
  } catch {
    return undefined;
  }
}
