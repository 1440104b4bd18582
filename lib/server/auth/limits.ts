import "server-only";
import { isIPv4, isIPv6 } from "node:net";
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
/**
 * The account brake: wrong passwords for one account from addresses that have never signed in to it, however many
 * addresses they come from. Past it, such addresses are refused for the rest of the hour; an address the owner
 * signed in from before (remembered for `KNOWN_ADDRESS_SECONDS`) is never braked, so guessing from many addresses is
 * stopped without locking the owner out.
 */
export const SIGN_IN_ACCOUNT_BRAKE = { points: 50, duration: 60 * 60 } as const;
export const KNOWN_ADDRESS_SECONDS = 90 * 24 * 60 * 60;
export const SIGN_UP_WINDOW_SECONDS = 60 * 60;

type Limiters = {
  accountAddress: RateLimiterDrizzle;
  address: RateLimiterDrizzle;
  account: RateLimiterDrizzle;
  /** (account, address) pairs that signed in: a point each, for KNOWN_ADDRESS_SECONDS. */
  known: RateLimiterDrizzle;
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
      account: new RateLimiterDrizzle({ ...store, keyPrefix: "signin-account", ...SIGN_IN_ACCOUNT_BRAKE }),
      known: new RateLimiterDrizzle({
        ...store,
        keyPrefix: "signin-known",
        points: 1,
        duration: KNOWN_ADDRESS_SECONDS,
      }),
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

/**
 * What a client address is counted as: an IPv4 address itself (also when written IPv4-mapped, `::ffff:1.2.3.4`), an
 * IPv6 address by its first `v6PrefixBits` bits (`2001:db8:1:2::/64`), so one network cannot walk past a limit by
 * changing the address's last half. Anything else (no address known) is counted as given.
 */
export function addressLimitKey(
  address: string,
  v6PrefixBits: number = env().RATE_LIMIT_IPV6_PREFIX,
): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const words = ipv6Words(bare);
  const mapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  if (mapped) return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join(".");
  const bits = Math.max(0, Math.min(128, v6PrefixBits));
  const masked = words.map((w, i) => {
    const keep = Math.max(0, Math.min(16, bits - i * 16));
    return keep === 0 ? 0 : w & ((0xffff << (16 - keep)) & 0xffff);
  });
  return `${masked.map((w) => w.toString(16)).join(":")}/${bits}`;
}

/** The eight 16-bit words of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part converted). */
function ipv6Words(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const parse = (part: string | null | undefined) =>
    part ? part.split(":").map((h) => parseInt(h, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
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

async function consume(limiter: RateLimiterDrizzle, key: string): Promise<Limited | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return { retryAfterSeconds: secondsOf(err.msBeforeNext) };
    throw err;
  }
}

const longer = (a: Limited | null, b: Limited | null): Limited | null =>
  a && b ? (a.retryAfterSeconds > b.retryAfterSeconds ? a : b) : (a ?? b);

/**
 * Takes one attempt from this (account, address) pair and this address *before* the password is checked, so a burst
 * of concurrent guesses is counted as it arrives: past the allowance, a guess is refused without being checked.
 * A refusal takes nothing. The caller gives the attempt back when the password was right (`signInAttemptSucceeded`) or was not
 * checked after all (`giveBackSignInAttempt`).
 */
export async function takeSignInAttempt(db: Db, email: string, address: string): Promise<Limited | null> {
  const at = addressLimitKey(address);
  const l = limiters(db);
  const pairKey = accountAddressKey(email, at);
  const braked = !(await isKnown(l, pairKey));
  const taken: Array<[RateLimiterDrizzle, string]> = [
    [l.accountAddress, pairKey],
    [l.address, at],
    ...(braked ? ([[l.account, email]] as Array<[RateLimiterDrizzle, string]>) : []),
  ];
  const results = await Promise.all(taken.map(([limiter, key]) => consume(limiter, key)));
  // One refused: the others' points go back, so a refusal counts nowhere.
  if (results.some(Boolean))
    await Promise.all(taken.filter((_, i) => !results[i]).map(([limiter, key]) => limiter.reward(key, 1)));
  return results.reduce<Limited | null>((a, b) => longer(a, b), null);
}

/** Whether this (account, address) pair signed in before: such an address is not under the account brake. */
async function isKnown(l: Limiters, pairKey: string): Promise<boolean> {
  return ((await l.known.get(pairKey))?.consumedPoints ?? 0) > 0;
}

/**
 * The password was right: the pair's failures are forgiven, and the address gets back the attempt it spent (its
 * earlier failures stand).
 */
export async function signInAttemptSucceeded(db: Db, email: string, address: string): Promise<void> {
  const at = addressLimitKey(address);
  const l = limiters(db);
  const pairKey = accountAddressKey(email, at);
  const wasKnown = await isKnown(l, pairKey);
  await Promise.all([
    l.accountAddress.delete(pairKey),
    l.address.reward(at, 1),
    wasKnown ? Promise.resolve() : l.account.reward(email, 1),
    // Known from now on (again for the whole period): the account brake no longer applies to this address.
    l.known.set(pairKey, 1, KNOWN_ADDRESS_SECONDS),
  ]);
}

/** An attempt that was not checked after all (the server was too busy to hash): it goes back to both allowances. */
export async function giveBackSignInAttempt(db: Db, email: string, address: string): Promise<void> {
  const at = addressLimitKey(address);
  const l = limiters(db);
  const pairKey = accountAddressKey(email, at);
  const known = await isKnown(l, pairKey);
  await Promise.all([
    l.accountAddress.reward(pairKey, 1),
    l.address.reward(at, 1),
    known ? Promise.resolve() : l.account.reward(email, 1),
  ]);
}

/** Whether a failed attempt just used up an allowance: the caller then says "too many attempts". */
export async function signInExhausted(db: Db, email: string, address: string): Promise<Limited | null> {
  const at = addressLimitKey(address);
  const l = limiters(db);
  const pairKey = accountAddressKey(email, at);
  const [pair, addr, account] = await Promise.all([
    exhausted(l.accountAddress, pairKey),
    exhausted(l.address, at),
    isKnown(l, pairKey).then((known) => (known ? null : exhausted(l.account, email))),
  ]);
  return longer(longer(pair, addr), account);
}

/** Counts one sign-up attempt from this address; refused once the hour's allowance is used. */
export function takeSignUpAttempt(db: Db, address: string): Promise<Limited | null> {
  return consume(limiters(db).signUp, addressLimitKey(address));
}

/**
 * Per-user allowances for the console's own writes that cost more than their answer: a webhook's URL check resolves
 * a host, a test send queues a delivery that is retried for a day, a share link and a cluster's limits are rows.
 * Each signed-in user has their own, on the same store as the sign-in limits (every instance counts together); a
 * refusal changes nothing and says when to try again. Ample for a person at a keyboard, tight for a script.
 */
export const ACTION_ALLOWANCES = {
  "add-webhook": { points: 10, duration: 60 * 60 },
  "send-webhook-test": { points: 10, duration: 10 * 60 },
  "create-share-link": { points: 30, duration: 60 * 60 },
  "set-cluster-limits": { points: 60, duration: 10 * 60 },
  "save-notification-prefs": { points: 60, duration: 10 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type ThrottledAction = keyof typeof ACTION_ALLOWANCES;

const actionLimiters = new WeakMap<Db, Map<ThrottledAction, RateLimiterDrizzle>>();

function actionLimiter(db: Db, action: ThrottledAction): RateLimiterDrizzle {
  let byAction = actionLimiters.get(db);
  if (!byAction) actionLimiters.set(db, (byAction = new Map<ThrottledAction, RateLimiterDrizzle>()));
  let l = byAction.get(action);
  if (!l) {
    l = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: `action-${action}`,
      ...ACTION_ALLOWANCES[action],
    });
    byAction.set(action, l);
  }
  return l;
}

/** Takes one use of `action` from this user's allowance; refused once it is used up, until its window ends. */
export function takeActionAllowance(
  db: Db,
  action: ThrottledAction,
  userId: string,
): Promise<Limited | null> {
  return consume(actionLimiter(db, action), userId);
}

/** "Try again in 40 seconds" / "in 12 minutes": a refused action's message. */
export function tooOftenMessage(retryAfterSeconds: number): string {
  const [n, unit] =
    retryAfterSeconds < 90 ? [retryAfterSeconds, "second"] : [Math.ceil(retryAfterSeconds / 60), "minute"];
  return `You have done this too often in a short time. Try again in ${n} ${unit}${n === 1 ? "" : "s"}.`;
}
