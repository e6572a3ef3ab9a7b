import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminIdentity } from "~/auth/session.server";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointments, findingDecisionRecords, findingPhotos, findings } from "~/db/schema";
import type { AppointmentStatus, ProgressState } from "~/domain/appointment";
import type { CustomerDecisionErrorCode, FindingErrorCode } from "~/domain/error-codes";
import {
  approvedTotal,
  type BoardFindings,
  type CustomerFindings,
  type Decider,
  decisionsOpen,
  type DecisionView,
  type FindingDecision,
  findingDecisions,
  type FindingFields,
  type FindingView,
  isFindingDecision,
  MAX_FINDING_DESCRIPTION_LENGTH,
  MAX_FINDING_TITLE_LENGTH,
  MAX_PHOTOS_PER_FINDING,
  MAX_PRICE_CENTS,
  parseEuroCents,
  urgencies,
} from "~/domain/findings";
import { fail, type Failure, ok, type Result } from "~/domain/result";
import { formatEuro } from "~/lib/format-money";
import { logger } from "~/lib/logger.server";
import { keyring, SecretKeyError } from "~/lib/secret-box.server";
import { appointmentEmailFields } from "~/mail/emails";
import { enqueueEmail } from "~/mail/outbox.server";
import { findingMessages } from "~/messages";
import { cleanText } from "~/schemas/text";
import { appointmentByToken, type SelfServiceConfig, selfServiceLimited, usable } from "./customer-appointment.server";
import { processPhoto, type StoredPhoto } from "./finding-photos.server";

/**
 * Findings ('Befunde', issue 30, decision 040): the board enters them with photos and a price, sends
 * them to the customer, who approves or declines each on the personal link (or on the phone, which
 * an admin records). Every decision is an insert-only record (finding_decisions) of what was shown.
 */

/** The fields of a finding as the API (`priceCents`, whole cents) or the board's form (`price`, '180,00') give them. */
const findingFieldsSchema = z
  .object({
    title: z
      .string()
      .transform((value) => cleanText(value, false))
      .pipe(z.string().min(1).max(MAX_FINDING_TITLE_LENGTH)),
    description: z
      .string()
      .nullish()
      .transform((value) => (value ? cleanText(value, true) : ""))
      .pipe(z.string().max(MAX_FINDING_DESCRIPTION_LENGTH))
      .transform((value) => value || null),
    priceCents: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
    price: z.string().optional(),
    urgency: z.enum(urgencies),
  })
  .transform((fields, context) => {
    const priceCents = fields.priceCents ?? (fields.price === undefined ? null : parseEuroCents(fields.price));
    if (priceCents === null || !Number.isSafeInteger(priceCents) || priceCents < 0 || priceCents > MAX_PRICE_CENTS) {
      context.addIssue({ code: "custom", path: ["priceCents"], message: "price" });
      return z.NEVER;
    }
    return { title: fields.title, description: fields.description, priceCents, urgency: fields.urgency } satisfies FindingFields;
  });

/** A finding's fields from a request, or `invalidFinding`. */
export function parseFindingFields(input: unknown): Result<FindingFields, "invalidFinding"> {
  const parsed = findingFieldsSchema.safeParse(input);
  return parsed.success ? ok(parsed.data) : fail("invalidFinding");
}

/** The estimate from a request: whole cents (API) or a euro text (form); null or empty removes it. */
export function parseEstimate(input: unknown): Result<number | null, "invalidEstimate"> {
  if (input === null || input === "") return ok(null);
  const cents = typeof input === "number" ? input : typeof input === "string" ? parseEuroCents(input) : null;
  if (cents === null || !Number.isSafeInteger(cents) || cents < 0 || cents > MAX_PRICE_CENTS) return fail("invalidEstimate");
  return ok(cents);
}

/**
 * The uploads re-encoded (./finding-photos.server.ts), one after the other so that one request
 * decodes one photo at a time; the first refusal stops it. At most 6.
 */
export async function preparePhotos(uploads: readonly Uint8Array[]): Promise<Result<StoredPhoto[], FindingErrorCode>> {
  if (uploads.length > MAX_PHOTOS_PER_FINDING) return fail("tooManyPhotos");
  const photos: StoredPhoto[] = [];
  for (const upload of uploads) {
    const result = await processPhoto(upload);
    if (!result.ok) return result;
    photos.push(result.value);
  }
  return ok(photos);
}

type AppointmentState = { id: string; status: AppointmentStatus; progress: ProgressState | null };

/** The appointment, locked for the change, or why not: unknown, or cancelled (no findings there). */
async function lockedAppointment(tx: Executor, id: string): Promise<Result<AppointmentState, "notFound" | "conflict">> {
  const [row] = await tx
    .select({ id: appointments.id, status: appointments.status, progress: appointments.progress })
    .from(appointments)
    .where(eq(appointments.id, id))
    .for("update");
  if (!row) return fail("notFound");
  return row.status === "storniert" ? fail("conflict") : ok(row);
}

async function findingOf(tx: Executor, appointmentId: string, findingId: string) {
  if (!z.uuid().safeParse(findingId).success) return null;
  const [row] = await tx
    .select()
    .from(findings)
    .where(and(eq(findings.id, findingId), eq(findings.appointmentId, appointmentId)));
  return row ?? null;
}

type AdminChange = { appointmentId: string; admin: AdminIdentity; now?: Date };

async function audit(
  tx: Executor,
  appointment: AppointmentState,
  admin: AdminIdentity | "customer",
  action: string,
  reason: string,
  now: Date,
) {
  await recordAudit(tx, {
    appointmentId: appointment.id,
    actor: admin,
    action,
    oldStatus: appointment.status,
    newStatus: appointment.status,
    reason,
    now,
  });
}

/** 'Kostenvoranschlag': the gross estimate shown to the customer (null removes it). Any admin. */
export async function setEstimate(
  db: Database,
  { appointmentId, admin, estimateCents, now = new Date() }: AdminChange & { estimateCents: number | null },
): Promise<Result<{ estimateCents: number | null }, FindingErrorCode>> {
  return db.transaction(async (tx) => {
    const appointment = await lockedAppointment(tx, appointmentId);
    if (!appointment.ok) return appointment;
    await tx.update(appointments).set({ estimateCents, updatedAt: now }).where(eq(appointments.id, appointmentId));
    await audit(tx, appointment.value, admin, "estimate", estimateCents === null ? "" : formatEuro(estimateCents), now);
    return ok({ estimateCents });
  });
}

/**
 * A new finding with its photos (already re-encoded). `replaces`: a correction of a finding already
 * sent, which is withdrawn with it (its decisions kept); an unsent one is simply replaced.
 */
export async function createFinding(
  db: Database,
  {
    appointmentId,
    admin,
    fields,
    photos,
    replaces,
    now = new Date(),
  }: AdminChange & { fields: FindingFields; photos: readonly StoredPhoto[]; replaces?: string },
): Promise<Result<FindingView, FindingErrorCode>> {
  if (photos.length > MAX_PHOTOS_PER_FINDING) return fail("tooManyPhotos");
  return db.transaction(async (tx): Promise<Result<FindingView, FindingErrorCode>> => {
    const appointment = await lockedAppointment(tx, appointmentId);
    if (!appointment.ok) return appointment;
    if (replaces) {
      const old = await findingOf(tx, appointmentId, replaces);
      if (!old) return fail("findingNotFound");
      if (old.withdrawnAt) return fail("findingWithdrawn");
      if (old.sentAt) await tx.update(findings).set({ withdrawnAt: now }).where(eq(findings.id, old.id));
      else await tx.delete(findings).where(eq(findings.id, old.id));
    }
    const [row] = await tx
      .insert(findings)
      .values({ appointmentId, ...fields, createdBy: admin.id, replacesId: replaces ?? null, createdAt: now })
      .returning();
    const stored = photos.length
      ? await tx
          .insert(findingPhotos)
          .values(photos.map((photo, position) => ({ findingId: row!.id, appointmentId, position, ...photo, createdAt: now })))
          .returning({ id: findingPhotos.id, width: findingPhotos.width, height: findingPhotos.height })
      : [];
    await audit(tx, appointment.value, admin, "finding-add", `${fields.title} (${formatEuro(fields.priceCents)})`, now);
    return ok({ ...view(row!), photos: stored, decision: null, decisions: [] });
  });
}

function view(row: typeof findings.$inferSelect): Omit<FindingView, "photos" | "decision" | "decisions"> {
  const { id, title, description, priceCents, urgency, replacesId, sentAt, withdrawnAt, createdAt } = row;
  return { id, title, description, priceCents, urgency, replacesId, sentAt, withdrawnAt, createdAt };
}

/** A change of a finding's fields while it is not sent yet (`findingSent` after). */
export async function updateFinding(
  db: Database,
  { appointmentId, findingId, admin, fields, now = new Date() }: AdminChange & { findingId: string; fields: FindingFields },
): Promise<Result<{ id: string }, FindingErrorCode>> {
  return db.transaction(async (tx): Promise<Result<{ id: string }, FindingErrorCode>> => {
    const appointment = await lockedAppointment(tx, appointmentId);
    if (!appointment.ok) return appointment;
    const old = await findingOf(tx, appointmentId, findingId);
    if (!old) return fail("findingNotFound");
    if (old.sentAt) return fail("findingSent");
    await tx.update(findings).set(fields).where(eq(findings.id, findingId));
    await audit(tx, appointment.value, admin, "finding-change", `${fields.title} (${formatEuro(fields.priceCents)})`, now);
    return ok({ id: findingId });
  });
}

/**
 * Removes a finding: one not sent yet is deleted with its photos; a sent one is withdrawn (the
 * customer no longer sees it, its decisions stay), as the records may never go while the appointment exists.
 */
export async function removeFinding(
  db: Database,
  { appointmentId, findingId, admin, now = new Date() }: AdminChange & { findingId: string },
): Promise<Result<{ removed: "deleted" | "withdrawn" }, FindingErrorCode>> {
  return db.transaction(async (tx): Promise<Result<{ removed: "deleted" | "withdrawn" }, FindingErrorCode>> => {
    const appointment = await lockedAppointment(tx, appointmentId);
    if (!appointment.ok) return appointment;
    const old = await findingOf(tx, appointmentId, findingId);
    if (!old) return fail("findingNotFound");
    if (old.withdrawnAt) return fail("findingWithdrawn");
    if (old.sentAt) await tx.update(findings).set({ withdrawnAt: now }).where(eq(findings.id, findingId));
    else await tx.delete(findings).where(eq(findings.id, findingId));
    const removed = old.sentAt ? "withdrawn" : "deleted";
    await audit(tx, appointment.value, admin, `finding-${removed === "deleted" ? "delete" : "withdraw"}`, old.title, now);
    return ok({ removed });
  });
}

/**
 * 'Zur Freigabe senden': every finding not sent yet becomes visible on the personal link, and the
 * customer gets 'Ihre Freigabe wird benötigt' with a fresh personal link — unless the appointment has
 * no e-mail address (`emailQueued` false: the board says to phone).
 */
export async function sendFindings(
  db: Database,
  { appointmentId, admin, workshopEmail, now = new Date() }: AdminChange & { workshopEmail: string },
): Promise<Result<{ sent: number; emailQueued: boolean }, FindingErrorCode>> {
  return db.transaction(async (tx): Promise<Result<{ sent: number; emailQueued: boolean }, FindingErrorCode>> => {
    const appointment = await lockedAppointment(tx, appointmentId);
    if (!appointment.ok) return appointment;
    const sent = await tx
      .update(findings)
      .set({ sentAt: now })
      .where(and(eq(findings.appointmentId, appointmentId), isNull(findings.sentAt)))
      .returning({ id: findings.id });
    if (sent.length === 0) return fail("nothingToSend");
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId));
    // A caller entered without an address (issue 28) gets no e-mail: the board says so.
    const recipient = row!.email?.trim() ?? "";
    const emailQueued = recipient !== "";
    if (emailQueued) {
      await enqueueEmail(tx, {
        recipient,
        template: "findings-approval-request",
        params: {
          ...appointmentEmailFields(row!),
          count: String(sent.length),
          accessToken: await createCustomerLink(tx, appointmentId, now),
        },
        replyTo: workshopEmail,
        appointmentId,
      });
    }
    await audit(tx, appointment.value, admin, "findings-send", `${sent.length}`, now);
    return ok({ sent: sent.length, emailQueued });
  });
}

/**
 * A decision the customer gave on the phone, recorded by the admin ('telefonisch freigegeben' /
 * 'abgelehnt'): a record like the link's, naming the admin. A finding not sent yet counts as sent now.
 */
export async function recordPhoneDecision(
  db: Database,
  { appointmentId, findingId, admin, decision, now = new Date() }: AdminChange & { findingId: string; decision: FindingDecision },
): Promise<Result<DecisionView, FindingErrorCode>> {
  return db.transaction(async (tx): Promise<Result<DecisionView, FindingErrorCode>> => {
    const appointment = await lockedAppointment(tx, appointmentId);
    if (!appointment.ok) return appointment;
    const finding = await findingOf(tx, appointmentId, findingId);
    if (!finding) return fail("findingNotFound");
    if (finding.withdrawnAt) return fail("findingWithdrawn");
    if (!finding.sentAt) await tx.update(findings).set({ sentAt: now }).where(eq(findings.id, findingId));
    const record = await insertDecision(tx, finding, {
      decision,
      decidedBy: "admin",
      adminUserId: admin.id,
      adminName: admin.displayName,
      now,
    });
    await audit(tx, appointment.value, admin, "finding-decision", `${finding.title}: ${findingMessages.phoneDecision[decision]}`, now);
    return ok(record);
  });
}

async function insertDecision(
  tx: Executor,
  finding: typeof findings.$inferSelect,
  who: {
    decision: FindingDecision;
    decidedBy: Decider;
    adminUserId?: string;
    adminName?: string;
    clientIpHash?: string;
    submissionId?: string;
    now: Date;
  },
): Promise<DecisionView> {
  const [record] = await tx
    .insert(findingDecisionRecords)
    .values({
      findingId: finding.id,
      appointmentId: finding.appointmentId,
      // Exactly as shown: the finding's words and price at this moment.
      title: finding.title,
      description: finding.description,
      priceCents: finding.priceCents,
      urgency: finding.urgency,
      decision: who.decision,
      decidedBy: who.decidedBy,
      adminUserId: who.adminUserId ?? null,
      adminName: who.adminName ?? null,
      clientIpHash: who.clientIpHash ?? null,
      submissionId: who.submissionId ?? null,
      decidedAt: who.now,
    })
    .returning();
  return decisionView(record!);
}

function decisionView(row: typeof findingDecisionRecords.$inferSelect): DecisionView {
  const { decision, decidedBy, adminName, decidedAt, title, priceCents } = row;
  return { decision, decidedBy, adminName, decidedAt, title, priceCents };
}

/** The findings of an appointment with their photos and decisions, oldest first. */
async function findingsOf(db: Executor, appointmentId: string, { onlyShown }: { onlyShown: boolean }): Promise<FindingView[]> {
  const rows = await db
    .select()
    .from(findings)
    .where(
      onlyShown
        ? and(eq(findings.appointmentId, appointmentId), sql`${findings.sentAt} is not null`, isNull(findings.withdrawnAt))
        : eq(findings.appointmentId, appointmentId),
    )
    .orderBy(asc(findings.createdAt), asc(findings.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const photos = await db
    .select({ id: findingPhotos.id, findingId: findingPhotos.findingId, width: findingPhotos.width, height: findingPhotos.height })
    .from(findingPhotos)
    .where(inArray(findingPhotos.findingId, ids))
    .orderBy(asc(findingPhotos.position));
  const records = await db
    .select()
    .from(findingDecisionRecords)
    .where(inArray(findingDecisionRecords.findingId, ids))
    .orderBy(asc(findingDecisionRecords.id));
  return rows.map((row) => {
    const decisions = records.filter((record) => record.findingId === row.id).map(decisionView);
    return {
      ...view(row),
      photos: photos.filter((photo) => photo.findingId === row.id).map(({ id, width, height }) => ({ id, width, height })),
      decisions,
      decision: decisions.at(-1) ?? null,
    };
  });
}

/** The board's view: every finding, withdrawn ones too, with every decision. */
export async function boardFindings(db: Executor, appointmentId: string): Promise<BoardFindings | null> {
  const [row] = await db
    .select({ estimateCents: appointments.estimateCents, email: appointments.email })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!row) return null;
  const list = await findingsOf(db, appointmentId, { onlyShown: false });
  const shown = list.filter((finding) => !finding.withdrawnAt);
  return {
    estimateCents: row.estimateCents,
    findings: list,
    approvedTotalCents: approvedTotal(
      shown.map((finding) => ({ priceCents: finding.priceCents, decision: finding.decision?.decision ?? null })),
    ),
    hasEmail: Boolean(row.email?.trim()),
  };
}

export type PhotoFile = { bytes: Uint8Array; contentType: string };

/** A photo for an admin (any role), or null. */
export async function adminPhoto(db: Executor, photoId: string): Promise<PhotoFile | null> {
  if (!z.uuid().safeParse(photoId).success) return null;
  const [row] = await db
    .select({ bytes: findingPhotos.bytes, contentType: findingPhotos.contentType })
    .from(findingPhotos)
    .where(eq(findingPhotos.id, photoId));
  return row ?? null;
}

/** The findings the customer sees on the personal link (sent, not withdrawn), or null for an unknown or expired link. */
export async function customerFindings(
  db: Executor,
  token: string,
  { now, config }: { now: Date; config: SelfServiceConfig },
): Promise<CustomerFindings | null> {
  const link = await appointmentByToken(db, token, { lock: false });
  if (!link || !usable(link, now, config)) return null;
  const [row] = await db.select({ estimateCents: appointments.estimateCents }).from(appointments).where(eq(appointments.id, link.id));
  const list = await findingsOf(db, link.id, { onlyShown: true });
  return {
    estimateCents: row?.estimateCents ?? null,
    findings: list,
    approvedTotalCents: approvedTotal(
      list.map((finding) => ({ priceCents: finding.priceCents, decision: finding.decision?.decision ?? null })),
    ),
    open: link.status !== "storniert" && decisionsOpen(link.progress),
  };
}

/** A photo of a finding shown on the link, only to the link's holder while it works; else null. */
export async function customerPhoto(
  db: Executor,
  token: string,
  photoId: string,
  { now, config }: { now: Date; config: SelfServiceConfig },
): Promise<PhotoFile | null> {
  if (!z.uuid().safeParse(photoId).success) return null;
  const link = await appointmentByToken(db, token, { lock: false });
  if (!link || !usable(link, now, config)) return null;
  const [row] = await db
    .select({ bytes: findingPhotos.bytes, contentType: findingPhotos.contentType })
    .from(findingPhotos)
    .innerJoin(findings, eq(findings.id, findingPhotos.findingId))
    .where(
      and(
        eq(findingPhotos.id, photoId),
        eq(findingPhotos.appointmentId, link.id),
        sql`${findings.sentAt} is not null`,
        isNull(findings.withdrawnAt),
      ),
    );
  return row ?? null;
}

const IP_HASH_CONTEXT = "finding-decisions.client-ip";

/**
 * The client's address as the records keep it: HMAC-SHA256 under a key derived (HKDF) from the
 * master key (decision 035), so equal addresses can be told apart from others without the address
 * being readable, and a leaked table alone cannot be tried against all IPv4 addresses.
 */
export function clientIpHash(clientIp: string): string {
  const master = keyring().current;
  if (!master) throw new SecretKeyError("Kein Schlüssel zum Verschlüsseln vorhanden (APP_SECRET oder DATA_DIR/secret.key).");
  const key = Buffer.from(crypto.hkdfSync("sha256", master.key, Buffer.alloc(0), IP_HASH_CONTEXT, 32));
  return crypto.createHmac("sha256", key).update(clientIp).digest("hex");
}

export type CustomerSubmission = { approved: number; declined: number; changed: number };

/**
 * The customer's 'Freigeben' / 'Ablehnen' on the link: one submission with a decision per finding
 * (`decisions`: finding id → approved/declined). A record is added for each finding whose decision
 * changes; the workshop gets one e-mail for the submission ('Freigabe erhalten: 2 freigegeben,
 * 1 abgelehnt'). Refused for an unknown or expired link, once the car is 'In Arbeit', and for a
 * finding the link does not show; limited per link and per client IP like cancelling and moving
 * (`rate-limited` with the seconds to wait, nothing recorded), as each submission e-mails the workshop.
 */
export async function decideByCustomer(
  db: Database,
  input: { token: string; decisions: Record<string, unknown>; clientIp: string; now: Date; config: SelfServiceConfig },
): Promise<
  Result<CustomerSubmission, Exclude<CustomerDecisionErrorCode, "rate-limited">> | (Failure<"rate-limited"> & { retryAfterSeconds: number })
> {
  const { token, now, config } = input;
  const limited = await selfServiceLimited(db, "findings-decision", input);
  if (limited) return limited;
  const entries = Object.entries(input.decisions);
  if (entries.length === 0 || !entries.every(([, decision]) => isFindingDecision(decision))) return fail("invalid-decision");
  const ipHash = clientIpHash(input.clientIp);
  return db.transaction(async (tx): Promise<Result<CustomerSubmission, Exclude<CustomerDecisionErrorCode, "rate-limited">>> => {
    const link = await appointmentByToken(tx, token, { lock: true });
    if (!link || !usable(link, now, config)) return fail("not-found");
    if (link.status === "storniert" || !decisionsOpen(link.progress)) return fail("decisions-closed");
    const shown = await findingsOf(tx, link.id, { onlyShown: true });
    const byId = new Map(shown.map((finding) => [finding.id, finding]));
    if (!entries.every(([id]) => byId.has(id))) return fail("invalid-decision");
    const submissionId = crypto.randomUUID();
    const counts = { approved: 0, declined: 0 };
    const lines: string[] = [];
    for (const [id, value] of entries) {
      const decision = value as FindingDecision;
      const finding = byId.get(id)!;
      if (finding.decision?.decision === decision) continue;
      const [row] = await tx.select().from(findings).where(eq(findings.id, id));
      await insertDecision(tx, row!, { decision, decidedBy: "customer", clientIpHash: ipHash, submissionId, now });
      counts[decision]++;
      lines.push(`${finding.title} (${formatEuro(finding.priceCents)}): ${findingMessages.decision[decision]}`);
    }
    const changed = counts.approved + counts.declined;
    if (changed > 0) {
      const [row] = await tx.select().from(appointments).where(eq(appointments.id, link.id));
      await enqueueEmail(tx, {
        recipient: config.workshopEmail,
        template: "findings-decided-workshop",
        params: {
          ...appointmentEmailFields(row!),
          phone: row!.phone,
          licensePlate: row!.licensePlate ?? undefined,
          approved: String(counts.approved),
          declined: String(counts.declined),
          summary: lines.join("\n"),
        },
        appointmentId: link.id,
      });
      await recordAudit(tx, {
        appointmentId: link.id,
        actor: "customer",
        action: "finding-decision",
        oldStatus: link.status,
        newStatus: link.status,
        reason: lines.join("; "),
        now,
      });
      logger.info({ appointmentId: link.id, ...counts }, "findings decided by the customer");
    }
    return ok({ ...counts, changed });
  });
}

/** Whether `value` is a decision the API takes. */
export const decisionSchema = z.object({ decision: z.enum(findingDecisions) });

/** The newest decisions first, for tests and tools that read the records. */
export async function decisionRecords(db: Executor, appointmentId: string) {
  return db
    .select()
    .from(findingDecisionRecords)
    .where(eq(findingDecisionRecords.appointmentId, appointmentId))
    .orderBy(desc(findingDecisionRecords.id));
}
