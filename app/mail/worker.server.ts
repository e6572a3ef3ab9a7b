import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appointments, emailOutbox } from "~/db/schema";
import { emailOvertaken } from "~/domain/appointment";
import type { WorkshopFacts } from "~/domain/workshop";
import { logger } from "~/lib/logger.server";
import { redactEmailAddresses } from "~/lib/redact";
import { retryDelayMs } from "./backoff";
import { createTransport, DeliveryError, type MailTransport, type OutboxMessage } from "./transports.server";

/** How long a claimed message belongs to its worker; after that another may take it. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_POLL_MS = 2_000;
const MAX_ERROR_LENGTH = 1_000;

/**
 * Claims the oldest due message: SKIP LOCKED lets several workers claim side
 * by side without waiting for or taking each other's rows, and the lease
 * (locked_until) hands a message back if its worker dies before marking it.
 * Counting the attempt here means a crash also counts as one. The messages of
 * one appointment to one recipient go in the order they were queued: one waits
 * while an earlier one is still pending (retrying after an outage, or in flight).
 */
export type ClaimedEmail = OutboxMessage & { attempts: number };

export async function claimNextEmail(db: Database, now: Date, leaseMs = DEFAULT_LEASE_MS): Promise<ClaimedEmail | null> {
  const nowText = now.toISOString();
  // `now` counts milliseconds, the database's now() (next_attempt_at's default) microseconds: a
  // message enqueued within the same millisecond is due.
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  const due = sql`(
    select id from email_outbox
    where status = 'pending'
      and next_attempt_at < ${dueBefore}::timestamptz
      and (locked_until is null or locked_until <= ${nowText}::timestamptz)
      and not exists (
        select 1 from email_outbox earlier
        where earlier.appointment_id = email_outbox.appointment_id
          and earlier.recipient = email_outbox.recipient
          and earlier.status = 'pending'
          and (earlier.created_at, earlier.id) < (email_outbox.created_at, email_outbox.id))
    order by next_attempt_at, created_at
    limit 1
    for update skip locked)`;
  const [row] = await db
    .update(emailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(sql`${emailOutbox.id} = ${due}`)
    .returning();
  return row ?? null;
}

/**
 * Sent, or (`superseded`) dropped unsent because the appointment's state overtook it. Either way,
 * tokens that open something without a login (the customer's link, the unsubscribe link, a staff
 * invitation) stay in the outbox only until then.
 */
export async function markEmailDone(db: Database, id: string, now: Date, outcome: "sent" | "superseded" = "sent"): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: outcome,
      sentAt: outcome === "sent" ? now : null,
      lockedUntil: null,
      lastError: null,
      params: sql`${emailOutbox.params} - 'accessToken' - 'unsubscribeToken' - 'token'`,
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")));
}

/** Whether the claimed message's appointment is now in a state its text no longer fits. */
async function overtaken(db: Database, message: OutboxMessage): Promise<boolean> {
  if (!message.appointmentId) return false;
  const [appointment] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, message.appointmentId));
  return appointment !== undefined && emailOvertaken(message.template, appointment.status);
}

/** Schedules the next attempt, or marks the message failed when retrying is pointless or over. */
export async function markEmailAttemptFailed(
  db: Database,
  message: { id: string; attempts: number },
  error: DeliveryError,
  now: Date,
): Promise<"retry" | "failed"> {
  const delay = error.permanent ? null : retryDelayMs(message.attempts);
  // The board lists last_error; an SMTP server's text may name the recipient.
  const lastError = redactEmailAddresses(error.message).slice(0, MAX_ERROR_LENGTH);
  await db
    .update(emailOutbox)
    .set(
      delay === null
        ? { status: "failed", lockedUntil: null, lastError }
        : { nextAttemptAt: new Date(now.getTime() + delay), lockedUntil: null, lastError },
    )
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, "pending")));
  return delay === null ? "failed" : "retry";
}

export type MailWorkerOptions = {
  db: Database;
  transport: MailTransport;
  /**
   * The workshop's facts as they are when a message is sent (app/services/workshop-facts.server.ts,
   * handed in by the edge: e-mail lies below the services); absent, a new database's.
   */
  workshopFacts?: () => Promise<WorkshopFacts>;
  now?: () => Date;
  pollIntervalMs?: number;
  leaseMs?: number;
};

export type MailWorker = {
  /** Delivers every due message, one after another; returns how many were attempted. */
  runOnce(): Promise<number>;
  /** Polls in the background until stop(). */
  start(): void;
  /** Stops claiming, lets the message in flight finish, then resolves. */
  stop(): Promise<void>;
};

export function createMailWorker({
  db,
  transport,
  workshopFacts,
  now = () => new Date(),
  pollIntervalMs = DEFAULT_POLL_MS,
  leaseMs = DEFAULT_LEASE_MS,
}: MailWorkerOptions): MailWorker {
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function deliverNext(): Promise<boolean> {
    const message = await claimNextEmail(db, now(), leaseMs);
    if (!message) return false;
    const log = { emailId: message.id, template: message.template, attempt: message.attempts, transport: transport.name };
    if (await overtaken(db, message)) {
      await markEmailDone(db, message.id, now(), "superseded");
      logger.info(log, "E-Mail nicht gesendet: vom neuen Stand des Termins überholt");
      return true;
    }
    try {
      // The facts as they are now (issue 29): the e-mail names the current phone and address.
      await transport.send(workshopFacts ? { ...message, workshop: await workshopFacts() } : message);
      await markEmailDone(db, message.id, now());
      logger.info(log, "E-Mail zugestellt");
    } catch (error) {
      const failure = error instanceof DeliveryError ? error : new DeliveryError(String((error as Error)?.message ?? error), false);
      const outcome = await markEmailAttemptFailed(db, message, failure, now());
      logger.warn({ ...log, outcome, error: failure.message }, "E-Mail-Zustellung fehlgeschlagen");
    }
    return true;
  }

  async function runOnce(): Promise<number> {
    let attempted = 0;
    while (!stopping && (await deliverNext())) attempted++;
    return attempted;
  }

  async function run() {
    while (!stopping) {
      try {
        await runOnce();
      } catch (error) {
        logger.error({ err: error }, "E-Mail-Worker: Fehler beim Lesen der Warteschlange");
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    runOnce,
    start() {
      loop ??= run();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}

/** The worker as server.ts and scripts/worker.ts run it, with the configured transport. */
export function startMailWorker(
  db: Database,
  config: Parameters<typeof createTransport>[0],
  workshopFacts?: () => Promise<WorkshopFacts>,
): MailWorker {
  const transport = createTransport(config);
  const worker = createMailWorker({ db, transport, workshopFacts });
  worker.start();
  logger.info({ transport: transport.name }, "E-Mail-Worker gestartet");
  return {
    ...worker,
    async stop() {
      await worker.stop();
      transport.close?.();
      logger.info("E-Mail-Worker gestoppt");
    },
  };
}
