import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "~/auth/password.server";
import { passwordRefusal } from "~/auth/password-policy.server";
import { liftSecondFactorLock } from "~/auth/second-factor-lock.server";
import { type AdminIdentity, createSession, revokeAllSessions } from "~/auth/session.server";
import { refuseOverLinkLimit, type Throttled } from "~/auth/throttle.server";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { adminUsers, setupTokens } from "~/db/schema";
import { issueSetupToken, usableSetupToken } from "~/db/setup-tokens.server";
import { sensitiveRefusal } from "~/domain/access";
import { type AdminRole, adminRoles } from "~/domain/admin";
import type { TeamErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";
import { SECRET_TOKEN_PATTERN } from "~/lib/secret-token.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { INVITATION_HOURS } from "~/mail/templates/account";
import { cleanText } from "~/schemas/text";
import { passwordWorkshopWords } from "./workshop-facts.server";

/**
 * The owner's 'Team': accounts with a role, added with an initial password or
 * an invitation link by e-mail (72 hours, once), deactivated rather than
 * deleted (the audit trail keeps its names), their sessions ended. The last
 * active owner can be neither demoted nor deactivated: every change that
 * could remove an owner runs under one lock and counts the owners after it.
 */
export type TeamResult<T> = Result<T, TeamErrorCode>;

export type TeamMember = {
  id: string;
  email: string;
  displayName: string;
  role: AdminRole;
  active: boolean;
  invitationPending: boolean;
  /** False while an invited account has not chosen its password: the owner may send a new invitation. */
  passwordChosen: boolean;
  secondFactor: boolean;
  /** Since when its code login is locked after too many wrong codes (decision 033): 'Code-Sperre aufheben'. */
  secondFactorLockedAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
};

/** Invited accounts have no password until they choose one: nothing can log in with this. */
const NO_PASSWORD_YET = "invited";
const TEAM_LOCK = sql`select pg_advisory_xact_lock(31010, 0)`;

const ownerOnly = fail("ownerOnly");

export const newMemberSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  name: z
    .string()
    .transform((value) => cleanText(value, false))
    .pipe(z.string().min(1).max(100)),
  role: z.enum(adminRoles),
  password: z.string().max(1024).optional(),
});

export async function listTeam(db: Executor, actor: AdminIdentity, now: Date): Promise<TeamResult<TeamMember[]>> {
  if (actor.role !== "owner") return ownerOnly;
  const rows = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      displayName: adminUsers.displayName,
      role: adminUsers.role,
      deactivatedAt: adminUsers.deactivatedAt,
      passwordHash: adminUsers.passwordHash,
      totpEnabledAt: adminUsers.totpEnabledAt,
      secondFactorLockedAt: adminUsers.secondFactorLockedAt,
      lastLoginAt: adminUsers.lastLoginAt,
      createdAt: adminUsers.createdAt,
      invitationOpen: sql<boolean>`exists (select 1 from ${setupTokens} where ${setupTokens.userId} = ${adminUsers.id}
        and ${setupTokens.purpose} = 'invitation' and ${setupTokens.usedAt} is null and ${setupTokens.expiresAt} > ${now.toISOString()})`,
    })
    .from(adminUsers)
    .orderBy(asc(adminUsers.createdAt));
  return {
    ok: true,
    value: rows.map((row) => ({
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      role: row.role,
      active: row.deactivatedAt === null,
      invitationPending: row.passwordHash === NO_PASSWORD_YET && Boolean(row.invitationOpen),
      passwordChosen: row.passwordHash !== NO_PASSWORD_YET,
      secondFactor: row.totpEnabledAt !== null,
      secondFactorLockedAt: row.secondFactorLockedAt?.toISOString() ?? null,
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Adds an account. With a password it can log in at once; without one it gets
 * an invitation e-mail (queued in the same transaction) with a link to choose it.
 */
export async function addTeamMember(
  db: Database,
  input: { actor: AdminIdentity; member: z.output<typeof newMemberSchema>; now: Date },
): Promise<TeamResult<TeamMember & { invited: boolean }>> {
  const refusal = sensitiveRefusal(input.actor, input.now);
  if (refusal) return fail(refusal);
  const { email, name, role, password } = input.member;
  if (password) {
    const badPassword = passwordRefusal(password, { email, name }, await passwordWorkshopWords(db));
    if (badPassword) return badPassword;
  }
  const passwordHash = password ? await hashPassword(password) : NO_PASSWORD_YET;
  return db.transaction(async (tx): Promise<TeamResult<TeamMember & { invited: boolean }>> => {
    const [row] = await tx
      .insert(adminUsers)
      .values({ email, displayName: name, role, passwordHash, createdAt: input.now })
      .onConflictDoNothing()
      .returning();
    if (!row) return fail("exists");
    if (!password) await queueInvitation(tx, { member: row, invitedBy: input.actor, now: input.now });
    await recordAudit(tx, {
      actor: input.actor,
      action: password ? "account.create" : "account.invite",
      subject: `account:${row.id}`,
      reason: `${email} (${role})`,
      now: input.now,
    });
    return {
      ok: true,
      value: {
        id: row.id,
        email: row.email,
        displayName: row.displayName,
        role: row.role,
        active: true,
        invitationPending: !password,
        passwordChosen: Boolean(password),
        secondFactor: false,
        secondFactorLockedAt: null,
        lastLoginAt: null,
        createdAt: row.createdAt.toISOString(),
        invited: !password,
      },
    };
  });
}

async function activeOwners(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), isNull(adminUsers.deactivatedAt)));
  return Number(row?.n ?? 0);
}

/** Changes an account's role or (de)activates it; deactivating ends its sessions. */
export async function changeTeamMember(
  db: Database,
  input: { actor: AdminIdentity; id: string; role?: AdminRole; active?: boolean; now: Date },
): Promise<TeamResult<{ id: string; role: AdminRole; active: boolean }>> {
  const refusal = sensitiveRefusal(input.actor, input.now);
  if (refusal) return fail(refusal);
  return db
    .transaction(async (tx): Promise<TeamResult<{ id: string; role: AdminRole; active: boolean }>> => {
      await tx.execute(TEAM_LOCK);
      const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, input.id));
      if (!before) return fail("notFound");
      const role = input.role ?? before.role;
      const deactivatedAt = input.active === undefined ? before.deactivatedAt : input.active ? null : (before.deactivatedAt ?? input.now);
      await tx.update(adminUsers).set({ role, deactivatedAt }).where(eq(adminUsers.id, input.id));
      if ((await activeOwners(tx)) === 0) {
        // Undo by rolling back: the last owner stays.
        throw new LastOwnerError();
      }
      if (deactivatedAt && !before.deactivatedAt) await revokeAllSessions(tx, input.id);
      const changes = [
        role !== before.role ? `Rolle: ${before.role} → ${role}` : null,
        deactivatedAt && !before.deactivatedAt ? "deaktiviert" : null,
        !deactivatedAt && before.deactivatedAt ? "wieder aktiviert" : null,
      ].filter(Boolean);
      if (changes.length > 0) {
        await recordAudit(tx, {
          actor: input.actor,
          action: "account.change",
          subject: `account:${input.id}`,
          reason: changes.join(", "),
          now: input.now,
        });
      }
      return ok({ id: input.id, role, active: deactivatedAt === null });
    })
    .catch((error: unknown) => {
      if (error instanceof LastOwnerError) return fail("lastOwner");
      throw error;
    });
}

class LastOwnerError extends Error {}

/** Ends every session of an account (a lost laptop, someone leaving). */
export async function endTeamMemberSessions(
  db: Database,
  input: { actor: AdminIdentity; id: string; now: Date },
): Promise<TeamResult<null>> {
  if (input.actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx): Promise<TeamResult<null>> => {
    const [row] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, input.id));
    if (!row) return fail("notFound");
    await revokeAllSessions(tx, input.id);
    await recordAudit(tx, { actor: input.actor, action: "account.end-sessions", subject: `account:${input.id}`, now: input.now });
    return ok(null);
  });
}

/** A new invitation link (72 hours, once) and its e-mail, in the caller's transaction. */
async function queueInvitation(
  tx: Executor,
  {
    member,
    invitedBy,
    now,
  }: { member: { id: string; email: string; displayName: string; role: AdminRole }; invitedBy: AdminIdentity; now: Date },
): Promise<void> {
  const token = await issueSetupToken(tx, { purpose: "invitation", userId: member.id, validMs: INVITATION_HOURS * 3_600_000, now });
  await enqueueEmail(tx, {
    recipient: member.email,
    template: "staff-invitation",
    params: { name: member.displayName, email: member.email, role: member.role, invitedBy: invitedBy.displayName, token },
  });
}

/**
 * 'Einladung erneut senden': for an invited account that has not chosen its password (its link ran
 * out, went astray, or was spent while the account was deactivated). The earlier links stop working.
 */
export async function resendInvitation(db: Database, input: { actor: AdminIdentity; id: string; now: Date }): Promise<TeamResult<void>> {
  if (input.actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx): Promise<TeamResult<void>> => {
    const [member] = await tx.select().from(adminUsers).where(eq(adminUsers.id, input.id)).for("update");
    if (!member) return fail("notFound");
    if (member.passwordHash !== NO_PASSWORD_YET) return fail("passwordChosen");
    if (member.deactivatedAt) return fail("inactive");
    await tx
      .update(setupTokens)
      .set({ usedAt: input.now })
      .where(and(eq(setupTokens.userId, member.id), eq(setupTokens.purpose, "invitation"), isNull(setupTokens.usedAt)));
    await queueInvitation(tx, { member, invitedBy: input.actor, now: input.now });
    await recordAudit(tx, {
      actor: input.actor,
      action: "account.reinvite",
      subject: `account:${member.id}`,
      reason: member.email,
      now: input.now,
    });
    return ok();
  });
}

/**
 * 'Code-Sperre aufheben': the account's code login takes the app's codes again and its wrong codes
 * are forgotten (decision 033). An owner may lift any account's lock, their own too: a session of
 * theirs got past the second factor already. Audited when there was a lock to lift.
 */
export async function unlockTeamMemberSecondFactor(
  db: Database,
  input: { actor: AdminIdentity; id: string; now: Date },
): Promise<TeamResult<null>> {
  const refusal = sensitiveRefusal(input.actor, input.now);
  if (refusal) return fail(refusal);
  return db.transaction(async (tx): Promise<TeamResult<null>> => {
    const found = await liftSecondFactorLock(tx, input.id, { actor: input.actor, now: input.now });
    return found ? ok(null) : fail("notFound");
  });
}

/** Whether an invitation link can still be used, and for whom (the page shows the address). */
export async function openInvitation(db: Executor, token: string, now: Date): Promise<{ email: string; name: string } | null> {
  if (!SECRET_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ email: adminUsers.email, name: adminUsers.displayName })
    .from(setupTokens)
    .innerJoin(adminUsers, eq(adminUsers.id, setupTokens.userId))
    .where(and(usableSetupToken(token, now, "invitation"), isNull(adminUsers.deactivatedAt)));
  return row ?? null;
}

/**
 * The invited person chooses a password. Posts are limited per IP with the other link pages, and
 * the link is checked before the password is hashed, so a flood of posts with made-up links hashes
 * nothing; then the link is spent (once, even under a race) and they are logged in.
 */
export async function acceptInvitation(
  db: Database,
  input: { token: string; password: string; ip: string; now: Date; userAgent?: string | null },
): Promise<TeamResult<{ sessionId: string }> | Throttled> {
  const refused = await refuseOverLinkLimit(db, input.ip, input.now);
  if (refused) return refused;
  const invitation = await openInvitation(db, input.token, input.now);
  if (!invitation) return fail("invitationInvalid");
  const badPassword = passwordRefusal(input.password, invitation, await passwordWorkshopWords(db));
  if (badPassword) return badPassword;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<TeamResult<{ sessionId: string }>> => {
    // The link and its account locked together, the account active: a link is spent only when the
    // password is set, never by an account deactivated meanwhile (the owner could not invite again).
    const [holder] = await tx
      .select({ userId: adminUsers.id })
      .from(setupTokens)
      .innerJoin(adminUsers, eq(adminUsers.id, setupTokens.userId))
      .where(and(usableSetupToken(input.token, input.now, "invitation"), isNull(adminUsers.deactivatedAt)))
      .for("update");
    if (!holder) return fail("invitationInvalid");
    await tx
      .update(setupTokens)
      .set({ usedAt: input.now })
      .where(usableSetupToken(input.token, input.now, "invitation"));
    const [user] = await tx
      .update(adminUsers)
      .set({ passwordHash, lastLoginAt: input.now })
      .where(eq(adminUsers.id, holder.userId))
      .returning({ id: adminUsers.id, email: adminUsers.email });
    if (!user) return fail("invitationInvalid");
    await recordAudit(tx, { actor: user, action: "account.accept-invitation", subject: `account:${user.id}`, now: input.now });
    return ok({ sessionId: await createSession(tx, user.id, input.now, undefined, { userAgent: input.userAgent, address: input.ip }) });
  });
}
