import crypto from "node:crypto";

/**
 * Tokens that open something without a login (the customer's personal link,
 * an invitation, an unsubscribe link): 32 random bytes, URL-safe (43 signs).
 * Only their SHA-256 is stored, so a leaked table opens nothing.
 */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
