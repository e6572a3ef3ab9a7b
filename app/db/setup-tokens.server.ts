import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { SetupTokenPurpose } from "~/domain/admin";
import { hashSecretToken } from "~/lib/secret-token.server";
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
