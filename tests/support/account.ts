/**
 * A signed-in user with an active Runcrate key, made over HTTP through the app's own server actions (sign-up, then
 * add key): the same path the sign-up and settings forms take, without a browser.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { callAction, findActionId, mergeCookies } from "./server-action";

export type Account = { email: string; password: string; key: string; cookie: string };

export function freshKey(): string {
  return `rc_live_${randomBytes(18).toString("hex")}`;
}

export async function signUpWithKey(
  appUrl: string,
  distDir: string,
  opts: { key?: string; label?: string } = {},
): Promise<Account> {
  const email = `bench-${randomUUID().slice(0, 12)}@example.com`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const key = opts.key ?? freshKey();

  const signUp = await callAction({
    appUrl,
    pagePath: "/sign-up",
    actionId: findActionId(distDir, "lib/actions/auth.ts", "signUpAction"),
    args: [{ name: "Bench", email, password, confirmPassword: password }],
  });
  const cookie = mergeCookies("", signUp.setCookies);
  if (!/session-token=/.test(cookie)) {
    throw new Error(`sign-up gave no session cookie (HTTP ${signUp.status}): ${signUp.raw.slice(0, 500)}`);
  }
  const add = await callAction({
    appUrl,
    pagePath: "/settings/keys",
    actionId: findActionId(distDir, "lib/actions/keys.ts", "addKeyAction"),
    args: [{ label: opts.label ?? "Bench", environment: "", apiKey: key }],
    cookie,
  });
  const r = add.result as { ok?: boolean; error?: string } | undefined;
  if (!r?.ok)
    throw new Error(`adding the key failed (HTTP ${add.status}): ${r?.error ?? add.raw.slice(0, 500)}`);
  return { email, password, key, cookie: mergeCookies(cookie, add.setCookies) };
}

/** The cookie in the form Playwright's context.addCookies takes. */
export function playwrightCookies(cookie: string, appUrl: string) {
  return cookie
    .split(/;\s*/)
    .filter(Boolean)
    .map((c) => {
      const i = c.indexOf("=");
      return { name: c.slice(0, i), value: c.slice(i + 1), url: appUrl };
    });
}
