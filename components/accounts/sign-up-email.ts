"use client";

import { readTab, removeTab, writeTab } from "@/components/common/tab-storage";

/**
 * The address typed on /sign-up, carried to /sign-in for this tab only (sessionStorage, never the URL), so the
 * person who just made an account signs in without typing it again. Read once.
 */
const NAME = "sign-up-email";

export function rememberSignUpEmail(email: string): void {
  // Storage off (private modes): the person types the address again.
  writeTab(NAME, email);
}

export function takeSignUpEmail(): string | null {
  const email = readTab(NAME);
  removeTab(NAME);
  return typeof email === "string" ? email : null;
}
