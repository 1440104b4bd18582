import "server-only";
import { isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { instanceSettings } from "@/lib/server/db/schema";

/**
 * The console's public origin, for links in mail and webhooks. AUTH_URL pins it when set. Without it, the origin a
 * request reached is what its sender put in the Host (or X-Forwarded-Host) header, which anyone can forge: an
 * approval request sent with `Host: evil.example` would mail the team's admins links to a look-alike sign-in page.
 * So links to anyone but the requester use the instance's own origin (`mailOrigin`), taken from its administrator's
 * sign-in or chosen on Settings → Instance; only mail to the requester themselves may use the request's
 * (app-origin.ts). No request context here: the guardian and the delivery jobs read it too.
 */
export function configuredOrigin(): string | null {
  const configured = process.env.AUTH_URL?.trim();
  return configured ? new URL(configured).origin : null;
}

/** The origin the instance keeps for mail, or null before its administrator has signed in or chosen one. */
export async function storedOrigin(db: Db): Promise<string | null> {
  const [row] = await db.select({ origin: instanceSettings.origin }).from(instanceSettings).limit(1);
  return row?.origin ?? null;
}

/** Links in mail and webhooks, to anyone: AUTH_URL's origin, else the instance's own, else none (links left out). */
export async function mailOrigin(db: Db): Promise<string | null> {
  return configuredOrigin() ?? (await storedOrigin(db));
}

/** Keeps `origin` as the instance's (the administrator's choice, or their sign-in's when none was kept yet). */
export async function storeOrigin(db: Db, origin: string, by: string, opts: { onlyIfUnset?: boolean } = {}) {
  const value = new URL(origin).origin;
  const set = { origin: value, updatedBy: by, updatedAt: new Date() };
  const insert = db.insert(instanceSettings).values({ id: 1, origin: value, updatedBy: by });
  if (!opts.onlyIfUnset) {
    await insert.onConflictDoUpdate({ target: instanceSettings.id, set });
    return;
  }
  // Inserted, or filled in where it was empty: a second sign-in never moves a kept origin.
  await insert.onConflictDoUpdate({
    target: instanceSettings.id,
    set,
    setWhere: isNull(instanceSettings.origin),
  });
}
