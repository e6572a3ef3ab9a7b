import { and, eq, gt, isNotNull, isNull, type SQL } from "drizzle-orm";
import { setupTokens } from "./schema";
import { hashSecretToken } from "~/lib/secret-token.server";

/**
 * The stored link behind `token` while it may still be used: unused, unexpired, and of its kind –
 * the first setup's link belongs to no account yet, an invitation to the account it invites.
 */
export function usableSetupToken(token: string, now: Date, kind: "setup" | "invitation"): SQL {
  return and(
    eq(setupTokens.tokenHash, hashSecretToken(token)),
    kind === "setup" ? isNull(setupTokens.userId) : isNotNull(setupTokens.userId),
    isNull(setupTokens.usedAt),
    gt(setupTokens.expiresAt, now),
  )!;
}
