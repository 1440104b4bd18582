import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * Tokens for links that grant something (a shared cluster view, a team invite): 32 random bytes, base64url, 43
 * characters. Only their SHA-256 is stored, so a copy of the database opens no link.
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newLinkToken = (): string => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string): string => createHash("sha256").update(token).digest("hex");
