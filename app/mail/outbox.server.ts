import crypto from "node:crypto";
import { and, type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { emailOutbox } from "~/db/schema";
import type { EmailStatus } from "~/domain/appointment";
import type { EmailParams, EmailTemplate } from "./emails";

/** One e-mail to queue: its template and that template's typed data (see ./emails). */
export type EnqueueEmail = {
  [T in EmailTemplate]: {
    recipient: string;
    template: T;
    params: EmailParams[T];
    replyTo?: string;
    appointmentId?: string;
    contactMessageId?: string;
  };
}[EmailTemplate];

/**
 * An e-mail to an appointment's customer, who may have no address (entered on the board for a caller
 * without one, issue 28): then nothing is queued.
 */
export type CustomerEmail = {
  [T in EmailTemplate]: Omit<Extract<EnqueueEmail, { template: T }>, "recipient"> & { recipient: string | null };
}[EmailTemplate];

/** The JSON stored: the data without its empty optional values, so every value is a string. */
function storedParams(params: EnqueueEmail["params"]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
}

/** A new outbox row, not yet stored. Its id doubles as the stable Message-ID. */
export function outboxRow(email: EnqueueEmail) {
  const id = crypto.randomUUID();
  return {
    id,
    recipient: email.recipient,
    replyTo: email.replyTo,
    template: email.template,
    params: storedParams(email.params),
    // Stable across retries, so a mail client can drop a duplicate delivery.
    messageId: `<${id}@happycar.mail>`,
    appointmentId: email.appointmentId,
    contactMessageId: email.contactMessageId,
  };
}

export async function enqueueEmail(tx: Executor, email: EnqueueEmail): Promise<string> {
  const row = outboxRow(email);
  await tx.insert(emailOutbox).values(row);
  return row.id;
}

/** Queues an e-mail to a customer in the caller's transaction; none for a customer without an address (null). */
export async function enqueueCustomerEmail(tx: Executor, email: CustomerEmail): Promise<string | null> {
  return email.recipient === null ? null : enqueueEmail(tx, email as EnqueueEmail);
}

/**
 * 'Erneut senden': puts a failed message back in the queue with a fresh
 * retry budget. Returns false when the message does not exist or is not failed
 * (a pending or sent message must not be sent twice by a double click).
 */
export async function requeueFailedEmail(db: Executor, emailId: string, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  return rows.length === 1;
}

export type EmailHealth = { pending: number; failed: number };

/** How many messages wait for delivery and how many gave up (admin board, /readyz-style checks). */
export async function emailHealth(db: Executor): Promise<EmailHealth> {
  const rows = resultRows<{ status: string; count: number | string }>(
    await db.execute(sql`
      select status, count(*)::int as count from email_outbox
      where status in ('pending', 'failed') group by status`),
  );
  const health: EmailHealth = { pending: 0, failed: 0 };
  for (const row of rows) health[row.status as keyof EmailHealth] = Number(row.count);
  return health;
}

/**
 * The state of the newest e-mail of an appointment (confirmation or
 * cancellation, else the booking receipt), null without one: a correlated
 * subquery, so that a list and its e-mail states come in one round trip.
 */
export function lastEmailState(appointmentId: AnyColumn): SQL<EmailStatus | null> {
  const newest = sql`select ${emailOutbox.status} from ${emailOutbox}
    where ${emailOutbox.appointmentId} = ${appointmentId}
      -- The workshop's own copy says nothing about whether the customer was reached.
      and ${emailOutbox.template} <> 'booking-received-workshop'
    order by ${emailOutbox.createdAt} desc, ${emailOutbox.id} desc
    limit 1`;
  // Nested, because in a one-table select Drizzle drops the table names from a selected SQL's
  // own columns, and a bare "id" here would be the e-mail's id.
  return sql<EmailStatus | null>`(${newest})`;
}
