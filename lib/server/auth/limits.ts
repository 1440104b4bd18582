import "server-only";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "@/lib/server/db/client";
import { rateLimits } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";

/**
 * The sign-in and sign-up limits, on rate-limiter-flexible's Drizzle store (table rate_limits), so PGlite and
 * Postgres alike keep one count for every instance.
 *
 * Sign-in failures are counted per (account, address) and per address, never per account alone: a stranger
 * guessing at someone's account locks only their own address out, and the owner's right password from an address
 * that has not been failing still signs in. Guessing one account from many addresses is slowed by scrypt and
 * stopped per address.
 */
export const SIGN_IN_ACCOUNT_ADDRESS = { points: 5, duration: 15 * 60 } as const;
export const SIGN_IN_ADDRESS = { points: 20, duration: 15 * 60 } as const;
export const SIGN_UP_WINDOW_SECONDS = 60 * 60;

type Limiters = {
  accountAddress: RateLimiterDrizzle;
  address: RateLimiterDrizzle;
  signUp: RateLimiterDrizzle;
};
const perDb = new WeakMap<Db, Limiters>();

function limiters(db: Db): Limiters {
  let l = perDb.get(db);
  if (!l) {
    const store = { storeClient: db, schema: rateLimits };
    l = {
      accountAddress: new RateLimiterDrizzle({
        ...store,
        keyPrefix: "signin-account-address",
        ...SIGN_IN_ACCOUNT_ADDRESS,
      }),
      address: new RateLimiterDrizzle({ ...store, keyPrefix: "signin-address", ...SIGN_IN_ADDRESS }),
      signUp: new RateLimiterDrizzle({
        ...store,
        keyPrefix: "signup-address",
        points: env().SIGN_UP_RATE_LIMIT,
        duration: SIGN_UP_WINDOW_SECONDS,
      }),
    };
    perDb.set(db, l);
  }
  return l;
}

/** Seconds until a refused caller may try again. */
export type Limited = { retryAfterSeconds: number };

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const accountAddressKey = (email: string, address: string) => `${email} ${address}`;

async function exhausted(limiter: RateLimiterDrizzle, key: string): Promise<Limited | null> {
  const res = await limiter.get(key);
  return res && res.consumedPoints >= limiter.points
    ? { retryAfterSeconds: secondsOf(res.msBeforeNext) }
    : null;
}

/** Before a password is checked: is this (account, address) or this address out of attempts? */
export async function signInBlocked(db: Db, email: string, address: string): Promise<Limited | null> {
  const l = limiters(db);
  const [pair, addr] = await Promise.all([
    exhausted(l.accountAddress, accountAddressKey(email, address)),
    exhausted(l.address, address),
  ]);
  if (pair && addr) return pair.retryAfterSeconds > addr.retryAfterSeconds ? pair : addr;
  return pair ?? addr;
}

async function consume(limiter: RateLimiterDrizzle, key: string): Promise<Limited | null> {
  try {
    const res = await limiter.consume(key);
    return res.remainingPoints <= 0 ? { retryAfterSeconds: secondsOf(res.msBeforeNext) } : null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return { retryAfterSeconds: secondsOf(err.msBeforeNext) };
    throw err;
  }
}

/** Counts a wrong password; returns the wait when this failure used up an allowance. */
export async function recordSignInFailure(db: Db, email: string, address: string): Promise<Limited | null> {
  const l = limiters(db);
  const [pair, addr] = await Promise.all([
    consume(l.accountAddress, accountAddressKey(email, address)),
    consume(l.address, address),
  ]);
  if (pair && addr) return pair.retryAfterSeconds > addr.retryAfterSeconds ? pair : addr;
  return pair ?? addr;
}

/** A successful sign-in forgives this (account, address) pair's failures (not the address's). */
export async function clearSignInFailures(db: Db, email: string, address: string): Promise<void> {
  await limiters(db).accountAddress.delete(accountAddressKey(email, address));
}

/** Counts one sign-up attempt from this address; refused once the hour's allowance is used. */
export async function takeSignUpAttempt(db: Db, address: string): Promise<Limited | null> {
  const l = limiters(db).signUp;
  try {
    await l.consume(address);
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return { retryAfterSeconds: secondsOf(err.msBeforeNext) };
    throw err;
  }
}
