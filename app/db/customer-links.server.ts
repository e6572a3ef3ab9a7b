import { newSecretToken } from "~/lib/secret-token.server";
import type { Executor } from "./client.server";
import { customerLinks } from "./schema";

/**
 * A new personal link for a customer e-mail about `appointmentId` (issue 16):
 * stores the token's hash in the caller's transaction and returns the token,
 * which travels in that e-mail's outbox data until it is sent (the worker
 * drops it then, app/mail/worker.server.ts).
 */
export async function createCustomerLink(tx: Executor, appointmentId: string, now: Date): Promise<string> {
  const { token, hash } = newSecretToken();
  await tx.insert(customerLinks).values({ tokenHash: hash, appointmentId, createdAt: now });
  return token;
}
