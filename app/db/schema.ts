import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { adminRoles, passkeyChallengePurposes, sessionStages, setupTokenPurposes } from "../domain/admin";
// Relative, not "~/…": drizzle-kit loads this file without the app's path aliases.
import { appointmentSources, appointmentStatuses, cancellers, emailStatuses, progressStates } from "../domain/appointment";
import { deciders, findingDecisions, urgencies } from "../domain/findings";
import { resourceKinds } from "../domain/resources";
import { handovers } from "../domain/vehicle";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Raw bytes (a passkey's public key): PGlite hands back a Uint8Array, node-postgres a Buffer; both read as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Null for an appointment the workshop entered for a caller without an address (issue 28): no e-mails.
    email: text("email"),
    phone: text("phone").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: text("time").notNull(),
    // The first service of the visit; the further ones (issue 28, decision 045) in the order asked for.
    service: text("service").notNull(),
    additionalServices: text("additional_services")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    message: text("message"),
    // Minutes the service takes from `time`: the booking occupies every slot in
    // it. Stored, so a later change of a service's duration leaves booked ones be.
    durationMinutes: integer("duration_minutes").notNull().default(30),
    licensePlate: text("license_plate"),
    // Upper case without spaces and hyphens: the board finds "W-123 AB" as "w123ab".
    licensePlateNormalized: text("license_plate_normalized"),
    vehicleModel: text("vehicle_model"),
    mileageKm: integer("mileage_km"),
    /** yyyy-MM */
    firstRegistration: text("first_registration"),
    handover: text("handover", { enum: handovers }),
    pickupAddress: text("pickup_address"),
    status: text("status", { enum: appointmentStatuses }).notNull().default("beantragt"),
    cancellationReason: text("cancellation_reason"),
    // The customer cancelled through the personal link (the reason is theirs), or the workshop did.
    cancelledBy: text("cancelled_by", { enum: cancellers }),
    // When the workshop confirmed: a reminder goes only to appointments confirmed before its time.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // Set in the transaction that queues the reminder e-mail, so it is queued once across instances.
    reminderQueuedAt: timestamp("reminder_queued_at", { withTimezone: true }),
    // Where the car is (issue 16), for confirmed appointments; who set it and when.
    progress: text("progress", { enum: progressStates }),
    progressAt: timestamp("progress_at", { withTimezone: true }),
    progressBy: uuid("progress_by").references(() => adminUsers.id, { onDelete: "set null" }),
    // 'Nicht erschienen' (issue 28): a confirmed appointment whose start passed without the car; when and by whom.
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    noShowBy: uuid("no_show_by").references(() => adminUsers.id, { onDelete: "set null" }),
    // For the workshop only: never in a customer's e-mail or on the customer's page.
    internalNote: text("internal_note"),
    // This request gave (or renewed) the §57a reminder's consent of its address and car
    // (inspection_reminders, decision 036): deleting it erases that consent.
    inspectionConsent: boolean("inspection_consent").notNull().default(false),
    /** The customer asked for a courtesy car ('Ersatzwagen gewünscht'); its hold is in appointment_resources. */
    courtesyCar: boolean("courtesy_car").notNull().default(false),
    /** The 'Kostenvoranschlag' (issue 30): a gross amount in cents, shown to the customer; null: none given. */
    estimateCents: integer("estimate_cents"),
    /** How it came in (issue 28): the online form, a phone call or the counter. */
    source: text("source", { enum: appointmentSources }).notNull().default("online"),
    /** 'Trotzdem eintragen': why the workshop placed it although not everything was free; shown on the block. */
    overrideReason: text("override_reason"),
    /** Placed with an override without every resource it needs ('überbucht'). */
    overbooked: boolean("overbooked").notNull().default(false),
    /** The calendar invite's SEQUENCE: counts up with every move (RFC 5546), so the entry moves instead of doubling. */
    inviteSequence: integer("invite_sequence").notNull().default(0),
    /** Moves the customer made on the personal link (at most three, issue 28); the workshop's do not count. */
    customerMoves: integer("customer_moves").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("appointments_status_check", sql`${table.status} in ('beantragt', 'bestätigt', 'storniert')`),
    check("appointments_time_check", sql`${table.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("appointments_duration_check", sql`${table.durationMinutes} > 0`),
    check(
      "appointments_additional_services_check",
      sql`array_position(${table.additionalServices}, ${table.service}) IS NULL
        AND array_position(${table.additionalServices}, NULL) IS NULL
        AND array_position(${table.additionalServices}, '') IS NULL
        AND cardinality(${table.additionalServices}) <= 20
        AND texts_distinct(${table.additionalServices})`,
    ),
    check("appointments_handover_check", sql`${table.handover} in ('wait', 'drop_off', 'pickup')`),
    check("appointments_mileage_check", sql`${table.mileageKm} between 0 and 2000000`),
    check("appointments_first_registration_check", sql`${table.firstRegistration} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check("appointments_cancelled_by_check", sql`${table.cancelledBy} in ('workshop', 'customer')`),
    check("appointments_estimate_check", sql`${table.estimateCents} between 0 and 10000000`),
    check("appointments_progress_check", sql`${table.progress} in ('arrived', 'in_progress', 'ready', 'collected')`),
    // A car that arrived is no no-show (migration 0027).
    check("appointments_no_show_check", sql`${table.noShowAt} is null or ${table.progress} is null`),
    check("appointments_source_check", sql`${table.source} in ('online', 'phone', 'counter')`),
    check("appointments_customer_moves_check", sql`${table.customerMoves} between 0 and 3`),
    check("appointments_override_reason_check", sql`length(${table.overrideReason}) between 1 and 500`),
    // Slot look-ups only care about appointments that still hold their slot.
    index("appointments_active_slot_idx")
      .on(table.date, table.time)
      .where(sql`${table.status} in ('beantragt', 'bestätigt')`),
    index("appointments_status_date_time_idx").on(table.status, table.date, table.time),
    index("appointments_date_time_idx").on(table.date, table.time),
    // The board's count of the day's new requests (app/services/online-requests.server.ts).
    index("appointments_created_at_idx").on(table.createdAt),
    // The reminder job reads only confirmed appointments still waiting for their reminder.
    index("appointments_reminder_due_idx")
      .on(table.date, table.time)
      .where(sql`${table.status} = 'bestätigt' and ${table.reminderQueuedAt} is null`),
    // The limit of open requests per address (request_appointment) reads only these rows.
    index("appointments_open_email_idx")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.status} = 'beantragt'`),
    // The board's search (`%text%`, case-insensitive) through trigram indexes (pg_trgm, migration 0009),
    // so it reads the matching rows instead of the whole table: name, e-mail, phone as typed and as
    // digits only, and the normalised plate. The expression must stay the search's own.
    index("appointments_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("appointments_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
    index("appointments_phone_trgm_idx").using("gin", table.phone.op("gin_trgm_ops")),
    index("appointments_phone_digits_trgm_idx").using("gin", sql`regexp_replace(${table.phone}, '[^0-9]', '', 'g') gin_trgm_ops`),
    index("appointments_plate_trgm_idx").using("gin", table.licensePlateNormalized.op("gin_trgm_ops")),
    // The appointment page's earlier visits and the board's earlier no-shows (issue 28, decision 044): equality look-ups
    // by address, phone (function phone_key, drizzle/0027_…, PL/pgSQL since 0032: digits, +43 as 0) and plate.
    index("appointments_email_lower_idx").on(sql`lower(${table.email})`),
    index("appointments_phone_key_idx").on(sql`phone_key(${table.phone})`),
    index("appointments_plate_idx")
      .on(table.licensePlateNormalized)
      .where(sql`${table.licensePlateNormalized} is not null`),
    index("appointments_no_show_email_idx")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.noShowAt} is not null`),
    index("appointments_no_show_phone_idx")
      .on(sql`phone_key(${table.phone})`)
      .where(sql`${table.noShowAt} is not null`),
  ],
);

/**
 * The board's per-tab counts without a search, kept by statement triggers on
 * `appointments` (migration 0010; decision 019): counting 100,000 index entries
 * on every list took longer than the whole answer may. One row per status and
 * shard, the shard being the connection's (pg_backend_pid() % 16), so parallel
 * bookings do not queue for one row; a status's count is the sum of its rows.
 */
export const appointmentCounts = pgTable(
  "appointment_counts",
  {
    status: text("status", { enum: appointmentStatuses }).notNull(),
    shard: integer("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.shard] })],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject"),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    replyTo: text("reply_to"),
    template: text("template").notNull(),
    params: jsonb("params").$type<Record<string, string>>().notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A claimed message is leased until this time; a crashed worker's lease runs out.
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id").notNull(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("email_outbox_status_check", sql`${table.status} in ('pending', 'sent', 'failed', 'superseded')`),
    uniqueIndex("email_outbox_message_id_idx").on(table.messageId),
    index("email_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index("email_outbox_appointment_idx").on(table.appointmentId, table.createdAt),
  ],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: adminRoles }).notNull().default("owner"),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    // TOTP (RFC 6238): the confirmed secret, a secret waiting for its first
    // code during enrolment, and the last accepted time step (a code counts once).
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    // Wrong second-factor codes in a row, and since when the code login is locked after too many
    // of them: a recovery code, an owner or the CLI lifts the lock (decision 033).
    secondFactorFailures: integer("second_factor_failures").notNull().default(0),
    secondFactorLockedAt: timestamp("second_factor_locked_at", { withTimezone: true }),
    // A deactivated account cannot log in; it stays for the audit trail.
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("admin_users_email_idx").on(sql`lower(${table.email})`),
    check("admin_users_role_check", sql`${table.role} in ('owner', 'staff')`),
  ],
);

/** Single-use recovery codes for a lost phone; only their hashes are kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);

/**
 * An account's passkeys (WebAuthn, decision 034): the credential's id as the browser names it
 * (base64url), its COSE public key, the signature counter the last login reported, the transports
 * the browser listed, and the account's own name for it. A passkey logs in alone (user
 * verification required) and counts as the second factor the owner may require.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: bytea("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("passkeys_credential_id_idx").on(table.credentialId), index("passkeys_user_idx").on(table.userId)],
);

/**
 * The challenges of the passkey ceremonies, in the database so that every app instance knows them:
 * each is spent by the one statement that deletes it (single use, also under a race) and lives
 * five minutes. A registration's belongs to the account that asked for it; a login's to nobody yet.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: passkeyChallengePurposes }).notNull(),
    userId: uuid("user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("passkey_challenges_purpose_check", sql`${table.purpose} in ('registration', 'login')`),
    check("passkey_challenges_account_check", sql`(${table.purpose} = 'registration') = (${table.userId} is not null)`),
    index("passkey_challenges_expires_idx").on(table.expiresAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie value: a leaked table does not hand out sessions.
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // 'active' opens the board; 'second_factor' only waits for the code of
    // the login's second step (the password was right).
    stage: text("stage", { enum: sessionStages }).notNull().default("active"),
    // Shown in the account's list of sessions, so a stranger's login stands out.
    userAgent: text("user_agent"),
    // The client's address as the list shows it, masked when stored (IPv4 /24, IPv6 /48): never the full one.
    networkMasked: text("network_masked"),
    // The last check of the password or a second factor in this session (the login's own included):
    // sensitive owner actions need one within the last 10 minutes (app/domain/access.ts).
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sessions_user_idx").on(table.userId),
    check("sessions_stage_check", sql`${table.stage} in ('active', 'second_factor')`),
  ],
);

/**
 * The browsers an account has logged in from: a long-lived random cookie per browser, only its hash
 * kept. A login from a browser not in the list e-mails the account (issue 31).
 */
export const knownBrowsers = pgTable(
  "known_browsers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    browserHash: text("browser_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.browserHash] })],
);

/**
 * One-time links that let someone choose a password without a login (only the token's hash is kept):
 * the first start's setup link (no account yet), an invitation to a new account, and a reset of a
 * forgotten password ('Passwort vergessen?'). `purpose` keeps them apart, so one kind never opens another.
 */
export const setupTokens = pgTable(
  "setup_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: setupTokenPurposes }).notNull().default("setup"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("setup_tokens_purpose_check", sql`${table.purpose} in ('setup', 'invitation', 'password-reset')`),
    // Only the first start's link belongs to no account.
    check("setup_tokens_account_check", sql`(${table.purpose} = 'setup') = (${table.userId} is null)`),
    index("setup_tokens_user_idx").on(table.userId),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // No foreign key: the trail outlives a deleted appointment. Null for actions on
    // no appointment (accounts, exports), which name their subject instead.
    appointmentId: uuid("appointment_id"),
    subject: text("subject"),
    adminUserId: uuid("admin_user_id").references(() => adminUsers.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    oldStatus: text("old_status"),
    newStatus: text("new_status"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_appointment_idx").on(table.appointmentId, table.createdAt)],
);

/**
 * The per-account login gate (keyed by a hash of the typed address, whether or
 * not an account exists): one attempt at a time, spaced out after failures.
 */
export const loginGates = pgTable("login_gates", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  inFlightUntil: timestamp("in_flight_until", { withTimezone: true }),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Settings the owner changes in the board (one row per key). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every app instance (rate limits, login throttling). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/**
 * Days the workshop is closed besides Sundays and the statutory holidays, kept
 * by the owner on the board (issue 15): whole days from `from_date` to `to_date`,
 * or from `start_time` on the first day (24 December from 12:00) to the end of
 * `to_date`. The first start inserts `site.booking` defaults (decision 018).
 */
export const closures = pgTable(
  "closures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    // HH:mm on the slot grid, Europe/Vienna; null: the whole first day.
    startTime: text("start_time"),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("closures_range_check", sql`${table.fromDate} <= ${table.toDate}`),
    // Slots and availability ask for the closures overlapping a date range.
    index("closures_range_idx").on(table.toDate, table.fromDate),
  ],
);

/**
 * The customer's personal links (issue 16): `PUBLIC_URL/termin/<token>`. Every
 * customer e-mail carries a token of its own (32 random bytes); only its
 * SHA-256 is kept, so a leaked table opens no appointment. A link works until
 * `site.booking.selfServiceDaysAfter` days after its appointment's date.
 */
export const customerLinks = pgTable(
  "customer_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [index("customer_links_appointment_idx").on(table.appointmentId)],
);

/**
 * Opt-in reminders of the car's next §57a inspection (issue 16), given on the
 * booking form: the consent with its time and the exact text shown. One per
 * address and car (decision 036): a new booking with the tick renews it. It
 * outlives the appointment's retention period (the car's registration decides
 * the months) until withdrawn, or erased with an appointment it came from or on
 * the board ('Erinnerung löschen').
 */
export const inspectionReminders = pgTable(
  "inspection_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    licensePlate: text("license_plate"),
    /**
     * The car: the plate without spaces and hyphens, or without a plate "EZ:" and the first
     * registration (SQL function inspection_car_key, drizzle/0019_…); with lower(email) unique.
     */
    carKey: text("car_key").notNull(),
    /** yyyy-MM: the 3-2-1 rule counts from here. */
    firstRegistration: text("first_registration").notNull(),
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    /** yyyy-MM of the inspection last reminded of, set with the queued e-mail: one reminder per due month. */
    lastRemindedDueMonth: text("last_reminded_due_month"),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [
    check("inspection_reminders_first_registration_check", sql`${table.firstRegistration} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    index("inspection_reminders_active_idx")
      .on(table.firstRegistration)
      .where(sql`${table.unsubscribedAt} is null`),
    // One consent per address and car: request_appointment upserts on it.
    uniqueIndex("inspection_reminders_email_car_idx").on(sql`lower(${table.email})`, table.carKey),
  ],
);

/** One-click unsubscribe links of the §57a reminders (RFC 8058): one per e-mail, only the hash kept. */
export const inspectionUnsubscribeTokens = pgTable("inspection_unsubscribe_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  reminderId: uuid("reminder_id")
    .notNull()
    .references(() => inspectionReminders.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * The workshop's lifts, §57a inspection places, mechanics and courtesy cars (issue 27, decision 038),
 * kept by the owner on 'Werkstatt'. One with holds is never deleted, only deactivated (`active`
 * false): its past appointments keep naming it. The first start enters a set (enterDefaultResources).
 */
export const resources = pgTable(
  "resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind", { enum: resourceKinds }).notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    check("resources_kind_check", sql`${table.kind} in ('lift', 'inspection', 'mechanic', 'courtesy_car')`),
    check("resources_name_check", sql`length(${table.name}) between 1 and 100`),
  ],
);

/**
 * What an appointment holds: one resource from `starts_at` to `ends_at` (half-open, [start, end)).
 * The exclusion constraint `appointment_resources_no_overlap` (hand-written in drizzle/0021_resources.sql,
 * with btree_gist) refuses two active holds of one resource that overlap in time, whatever code
 * inserts them. A hold ends (`active` false) when its appointment is cancelled (a trigger of that
 * migration) and goes with it when it is deleted (cascade). A resource with holds cannot be deleted.
 */
export const appointmentResources = pgTable(
  "appointment_resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    check("appointment_resources_range_check", sql`${table.startsAt} < ${table.endsAt}`),
    index("appointment_resources_appointment_idx").on(table.appointmentId),
    index("appointment_resources_resource_idx").on(table.resourceId),
    // Slots, availability and the planner read the active holds of a range of days.
    index("appointment_resources_active_starts_idx")
      .on(table.startsAt)
      .where(sql`${table.active}`),
  ],
);

/**
 * A mechanic's absence (Urlaub, Krankenstand, Berufsschule): whole days from `from_date` to `to_date`,
 * or on the first day from `start_time` (HH:mm, Europe/Vienna) on, as a closure. The placement
 * (place_appointment, drizzle/0022_…) gives no appointment a resource that is absent during it.
 */
export const resourceAbsences = pgTable(
  "resource_absences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    startTime: text("start_time"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("resource_absences_range_check", sql`${table.fromDate} <= ${table.toDate}`),
    check("resource_absences_reason_check", sql`length(${table.reason}) between 1 and 100`),
    index("resource_absences_range_idx").on(table.toDate, table.fromDate),
  ],
);

/** A multirange of integers as PostgreSQL writes it ("{[1,3),[5,8)}"); read with parseIntMultirange (app/db/multirange.ts). */
const int4multirange = customType<{ data: string }>({ dataType: () => "int4multirange" });

/**
 * What each resource is busy with per UTC day and UTC hour of the holds' start, kept by the database's
 * triggers from the active holds (drizzle/0029_resource_busy.sql, decision 046; per hour since 0031,
 * decision 055, so that bookings of one day do not wait for each other's row): minutes since the Unix
 * epoch. The slots and the calendar read it instead of every hold; nothing writes it but the triggers.
 */
export const resourceBusy = pgTable(
  "resource_busy",
  {
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    hour: smallint("hour").notNull(),
    busy: int4multirange("busy").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.resourceId, table.day, table.hour] }),
    index("resource_busy_day_idx").on(table.day),
    check("resource_busy_hour_check", sql`${table.hour} between 0 and 23`),
  ],
);

/**
 * What the workshop found on the car ('Befunde', issue 30, decision 040): title, optional text, gross
 * price and urgency. Editable and deletable until sent to the customer (`sent_at`); after that a
 * correction is a new finding and this one is withdrawn (`withdrawn_at`), its decisions kept.
 */
export const findings = pgTable(
  "findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    urgency: text("urgency", { enum: urgencies }).notNull(),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    /** The finding this one corrects (withdrawn when this one was entered). */
    replacesId: uuid("replaces_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("findings_urgency_check", sql`${table.urgency} in ('now', 'soon', 'watch')`),
    check("findings_price_check", sql`${table.priceCents} between 0 and 10000000`),
    check("findings_title_check", sql`length(${table.title}) between 1 and 120`),
    check("findings_description_check", sql`length(${table.description}) <= 2000`),
    check("findings_withdrawn_check", sql`${table.withdrawnAt} is null or ${table.sentAt} is not null`),
    index("findings_appointment_idx").on(table.appointmentId, table.createdAt),
  ],
);

/** The finding a row belongs to, and its appointment (for the appointment's look-ups); both go with their row. */
const ofFinding = () => ({
  findingId: uuid("finding_id")
    .notNull()
    .references(() => findings.id, { onDelete: "cascade" }),
  appointmentId: uuid("appointment_id")
    .notNull()
    .references(() => appointments.id, { onDelete: "cascade" }),
});

/**
 * A finding's photos, re-encoded (JPEG, at most 1600 px, no metadata) and kept in the database, so
 * that every app instance serves them and backups hold them; they go with the finding and the
 * appointment (cascade: retention and delete).
 */
export const findingPhotos = pgTable(
  "finding_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ofFinding(),
    position: integer("position").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("finding_photos_content_type_check", sql`${table.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    check("finding_photos_size_check", sql`${table.width} between 1 and 1600 and ${table.height} between 1 and 1600`),
    check("finding_photos_position_check", sql`${table.position} between 0 and 5`),
    uniqueIndex("finding_photos_position_idx").on(table.findingId, table.position),
    index("finding_photos_appointment_idx").on(table.appointmentId),
  ],
);

/**
 * Every decision on a finding, insert-only (decision 040): the title, text and price exactly as
 * shown, the decision, when, who (the customer by the link, or which admin on the phone) and a keyed
 * hash of the client's address. A changed decision adds a record; the newest counts. A trigger of
 * drizzle/0023_findings.sql refuses UPDATE always and DELETE while the appointment exists, so only
 * the appointment's deletion (retention, delete) takes them along (cascade). No foreign key to the
 * admin: `set null` would be an update.
 */
export const findingDecisionRecords = pgTable(
  "finding_decisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...ofFinding(),
    title: text("title").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    urgency: text("urgency", { enum: urgencies }).notNull(),
    decision: text("decision", { enum: findingDecisions }).notNull(),
    decidedBy: text("decided_by", { enum: deciders }).notNull(),
    adminUserId: uuid("admin_user_id"),
    adminName: text("admin_name"),
    /** HMAC-SHA256 of the client's address under a key derived from the master key; null for a phone decision. */
    clientIpHash: text("client_ip_hash"),
    /** The customer's page submission it came with (one workshop e-mail each); null for a phone decision. */
    submissionId: uuid("submission_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("finding_decisions_decision_check", sql`${table.decision} in ('approved', 'declined')`),
    check("finding_decisions_decided_by_check", sql`${table.decidedBy} in ('customer', 'admin')`),
    check(
      "finding_decisions_who_check",
      sql`(${table.decidedBy} = 'admin') = (${table.adminUserId} is not null) and (${table.decidedBy} = 'customer') = (${table.clientIpHash} is not null)`,
    ),
    index("finding_decisions_finding_idx").on(table.findingId, table.id),
    index("finding_decisions_appointment_idx").on(table.appointmentId),
  ],
);

/**
 * The waiting list of a fully booked day (issue 28, decision 044): one entry per day and address.
 * When a time on the day frees up, the entries whose service fits then get one e-mail each
 * (waitlist_notifications); the retention job deletes an entry once its day has passed.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    service: text("service").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("waitlist_entries_date_email_idx").on(table.date, sql`lower(${table.email})`)],
);

/**
 * Which freed time (`freed_key`: the appointment or closure that freed it) an entry was e-mailed
 * about: at most one e-mail per entry and freed time. The e-mail's link to leave the list carries a
 * token of its own; only its hash is kept.
 */
export const waitlistNotifications = pgTable(
  "waitlist_notifications",
  {
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    freedKey: text("freed_key").notNull(),
    leaveTokenHash: text("leave_token_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.freedKey] }),
    uniqueIndex("waitlist_notifications_token_idx").on(table.leaveTokenHash),
  ],
);

/** The kinds of backup (decision 041): the nightly one, 'Jetzt sichern' on the board, and the one before migrating a database. */
export const backupKinds = ["nightly", "manual", "pre-migration"] as const;

/**
 * One backup run (decision 041): its file and size once written, or why it failed. A nightly run
 * is claimed by inserting its Vienna `night`: the unique constraint lets exactly one instance of
 * those sharing a PostgreSQL take a night, and a restarted instance never takes it twice.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: backupKinds }).notNull(),
    night: date("night"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    file: text("file"),
    size: bigint("size", { mode: "number" }),
    error: text("error"),
  },
  (table) => [
    check("backup_runs_kind_check", sql`${table.kind} in ('nightly', 'manual', 'pre-migration')`),
    check("backup_runs_night_check", sql`(${table.kind} = 'nightly') = (${table.night} is not null)`),
    uniqueIndex("backup_runs_night_unique").on(table.night),
    index("backup_runs_started_idx").on(table.startedAt),
  ],
);

/**
 * The workshop's facts the owner keeps on 'Einstellungen' (issue 29, decision 042): one row for
 * the sections kept whole (validated by app/schemas/workshop.ts), the hours and services in tables
 * of their own. No row: a new database, whose facts are app/config/site.ts. `version` counts every
 * change: each app instance compares it (at most every 2 s) with the facts it has in memory.
 */
export const workshopSettings = pgTable(
  "workshop_settings",
  {
    id: integer("id").primaryKey().default(1),
    workshop: jsonb("workshop").notNull(),
    imprint: jsonb("imprint").notNull(),
    bookingRules: jsonb("booking_rules").notNull(),
    email: jsonb("email").notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("workshop_settings_one_row", sql`${table.id} = 1`)],
);

/** Opening hours per weekday (0 = Sunday): closed (no times), or open–close with an optional break; HH:mm, Europe/Vienna. */
export const workshopHours = pgTable(
  "workshop_hours",
  {
    weekday: integer("weekday").primaryKey(),
    opens: text("opens"),
    closes: text("closes"),
    breakFrom: text("break_from"),
    breakTo: text("break_to"),
  },
  (table) => [
    check("workshop_hours_weekday", sql`${table.weekday} between 0 and 6`),
    check(
      "workshop_hours_open_close",
      sql`(${table.opens} is null) = (${table.closes} is null) and (${table.opens} is null or ${table.opens} < ${table.closes})`,
    ),
    check(
      "workshop_hours_break",
      sql`(${table.breakFrom} is null) = (${table.breakTo} is null) and (${table.breakFrom} is null or (${table.opens} < ${table.breakFrom} and ${table.breakFrom} < ${table.breakTo} and ${table.breakTo} < ${table.closes}))`,
    ),
    check(
      "workshop_hours_format",
      sql`coalesce(${table.opens}, '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and coalesce(${table.closes}, '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and coalesce(${table.breakFrom}, '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and coalesce(${table.breakTo}, '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
  ],
);

/**
 * The services, in the owner's order. The id never changes and a service is never deleted, only
 * retired; appointments keep the service's name as they were booked with it (appointments.service).
 */
export const workshopServices = pgTable(
  "workshop_services",
  {
    id: text("id").primaryKey(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    durationSteps: integer("duration_steps").notNull(),
    /** Its time as one of several services in a visit (issue 28), in slot steps up to its duration; null: the duration. */
    combinedSteps: integer("combined_steps"),
    bookable: boolean("bookable").notNull(),
    needs: text("needs").array().notNull(),
    priceFromCents: integer("price_from_cents"),
    retired: boolean("retired").notNull().default(false),
  },
  (table) => [
    check("workshop_services_duration", sql`${table.durationSteps} between 1 and 32`),
    check("workshop_services_combined", sql`${table.combinedSteps} is null or ${table.combinedSteps} between 1 and ${table.durationSteps}`),
    check("workshop_services_price", sql`${table.priceFromCents} is null or ${table.priceFromCents} >= 0`),
    check("workshop_services_needs", sql`${table.needs} <@ array['lift', 'inspection', 'mechanic']::text[]`),
    uniqueIndex("workshop_services_name_idx").on(table.name),
  ],
);

/** The trail of 'Einstellungen': each changed field with who, when, the old and the new value. */
export const workshopChanges = pgTable(
  "workshop_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    adminUserId: uuid("admin_user_id").references(() => adminUsers.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    field: text("field").notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("workshop_changes_changed_at_idx").on(table.changedAt)],
);
