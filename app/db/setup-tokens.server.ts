import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { SetupTokenPurpose } from "~/domain/admin";
import { hashSecretToken, newSecretToken } from "~/lib/secret-token.server";
import type { Executor } from "./client.server";
import { setupTokens } from "./schema";

/**
 * The stored link behind `token` while it may still be used: unused, unexpired, and of its kind –
 * the first setup's link belongs to no account yet, an invitation and a password reset to the
 * account they are for (the table's checks hold that), and one kind never opens another.
 */
export function usableSetupToken(token: string, now: Date, purpose: SetupTokenPurpose): SQL {
  return and(
    eq(setupTokens.tokenHash, hashSecretToken(token)),
    eq(setupTokens.purpose, purpose),
    isNull(setupTokens.usedAt),
    gt(setupTokens.expiresAt, now),
  )!;
}

/**
 * A new one-time link of `purpose` (for `userId`'s account; none for the first setup), valid for
 * `validMs`: only its hash is stored, the token goes into the e-mail or the start-up message.
 */
export async function issueSetupToken(
  db: Executor,
  { purpose, userId, validMs, now }: { purpose: SetupTokenPurpose; userId?: string; validMs: number; now: Date },
): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.insert(setupTokens).values({ tokenHash: hash, userId, purpose, expiresAt: new Date(now.getTime() + validMs), createdAt: now });
  return token;
}
