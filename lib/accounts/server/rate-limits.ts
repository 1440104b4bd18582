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

/**
 * Per-user allowances for the console's own writes that cost more than their answer: a webhook's URL check resolves
 * a host, a test send queues a delivery that is retried for a day, a share link, a cluster's limits and a team are rows.
 * Each signed-in user has their own, on the same store as the sign-in limits (every instance counts together); a
 * refusal changes nothing and says when to try again. Ample for a person at a keyboard, tight for a script.
 */
export const ACTION_ALLOWANCES = {
  "add-webhook": { points: 10, duration: 60 * 60 },
  "send-webhook-test": { points: 10, duration: 10 * 60 },
  "create-share-link": { points: 30, duration: 60 * 60 },
  "set-cluster-limits": { points: 60, duration: 10 * 60 },
  "save-notification-prefs": { points: 60, duration: 10 * 60 },
  "create-team": { points: 10, duration: 60 * 60 },
  invite: { points: 30, duration: 60 * 60 },
  "send-verification": { points: 5, duration: 60 * 60 },
  // Each request mails every admin of the team.
  "request-approval": { points: 20, duration: 60 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type ThrottledAction = keyof typeof ACTION_ALLOWANCES;

type Limiters = {
  accountAddress: RateLimiterDrizzle;
  address: RateLimiterDrizzle;
  account: RateLimiterDrizzle;
  /** (account, address) pairs that signed in: a point each, for KNOWN_ADDRESS_SECONDS. */
  known: RateLimiterDrizzle;
  signUp: RateLimiterDrizzle;
  actions: Record<ThrottledAction, RateLimiterDrizzle>;
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
      actions: Object.fromEntries(
        Object.entries(ACTION_ALLOWANCES).map(([action, allowance]) => [
          action,
          new RateLimiterDrizzle({ ...store, keyPrefix: `action-${action}`, ...allowance }),
        ]),
      ) as Record<ThrottledAction, RateLimiterDrizzle>,
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
 * One password check under the sign-in limits: its keys and whether the account brake applies (the address never
 * signed in to the account), worked out once when the attempt is taken, and the steps that follow it.
 */
export type SignInAttempt = {
  /** Why the attempt was refused before the password is checked (nothing was taken), or null. */
  refused: Limited | null;
  /** The password was right: the pair's failures are forgiven, the points spent go back, the address is known. */
  succeeded(): Promise<void>;
  /** The password was not checked after all (the server was too busy to hash): the points go back. */
  giveBack(): Promise<void>;
  /** The password was wrong: whether an allowance is now used up (the caller then says "too many attempts"). */
  failed(): Promise<Limited | null>;
};

/**
 * Takes one attempt from this (account, address) pair, this address and, for an address that never signed in to the
 * account, the account brake, *before* the password is checked, so a burst of concurrent guesses is counted as it
 * arrives: past an allowance, a guess is refused without being checked. A refusal takes nothing.
 */
export async function takeSignInAttempt(db: Db, email: string, address: string): Promise<SignInAttempt> {
  const l = limiters(db);
  const at = addressLimitKey(address);
  const pairKey = accountAddressKey(email, at);
  const braked = ((await l.known.get(pairKey))?.consumedPoints ?? 0) === 0;
  const taken: Array<[RateLimiterDrizzle, string]> = [
    [l.accountAddress, pairKey],
    [l.address, at],
    ...(braked ? ([[l.account, email]] as Array<[RateLimiterDrizzle, string]>) : []),
  ];
  const results = await Promise.all(taken.map(([limiter, key]) => consume(limiter, key)));
  // One refused: the others' points go back, so a refusal counts nowhere.
  if (results.some(Boolean))
    await Promise.all(taken.filter((_, i) => !results[i]).map(([limiter, key]) => limiter.reward(key, 1)));
  const giveBackAccount = () => (braked ? l.account.reward(email, 1) : Promise.resolve());
  return {
    refused: results.reduce<Limited | null>((a, b) => longer(a, b), null),
    async succeeded() {
      await Promise.all([
        l.accountAddress.delete(pairKey),
        // The address's earlier failures stand; the attempt it just spent goes back.
        l.address.reward(at, 1),
        giveBackAccount(),
        // Known from now on (again for the whole period): the account brake no longer applies to this address.
        l.known.set(pairKey, 1, KNOWN_ADDRESS_SECONDS),
      ]);
    },
    async giveBack() {
      await Promise.all([l.accountAddress.reward(pairKey, 1), l.address.reward(at, 1), giveBackAccount()]);
    },
    async failed() {
      const [pair, addr, account] = await Promise.all([
        exhausted(l.accountAddress, pairKey),
        exhausted(l.address, at),
        braked ? exhausted(l.account, email) : null,
      ]);
      return longer(longer(pair, addr), account);
    },
  };
}

/** Counts one sign-up attempt from this address; refused once the hour's allowance is used. */
export function takeSignUpAttempt(db: Db, address: string): Promise<Limited | null> {
  return consume(limiters(db).signUp, addressLimitKey(address));
}

/** Takes one use of `action` from this user's allowance; refused once it is used up, until its window ends. */
export function takeActionAllowance(
  db: Db,
  action: ThrottledAction,
  userId: string,
): Promise<Limited | null> {
  return consume(limiters(db).actions[action], userId);
}

/** "Try again in 40 seconds" / "in 12 minutes": a refused action's message. */
export function tooOftenMessage(retryAfterSeconds: number): string {
  const [n, unit] =
    retryAfterSeconds < 90 ? [retryAfterSeconds, "second"] : [Math.ceil(retryAfterSeconds / 60), "minute"];
  return `You have done this too often in a short time. Try again in ${n} ${unit}${n === 1 ? "" : "s"}.`;
}
