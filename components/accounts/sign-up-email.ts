"use client";

/**
 * The address typed on /sign-up, carried to /sign-in for this tab only (sessionStorage, never the URL), so the
 * person who just made an account signs in without typing it again. Read once.
 */
const KEY = "clusterdeck:sign-up-email";

export function rememberSignUpEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage off (private modes): the person types the address again.
  }
}

export function takeSignUpEmail(): string | null {
  try {
    const email = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return email;
  } catch {
    return null;
  }
}
