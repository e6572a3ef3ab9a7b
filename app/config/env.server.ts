import net from "node:net";
import { z } from "zod";
import { exitWithMessage } from "~/lib/exit.server";

/**
 * Every environment variable the server reads, validated once at start.
 * A bad value stops the process with one line that names the variable.
 */
const booleanFlag = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

/** Whole numbers from the environment, with a German message instead of zod's "received NaN". */
function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  const message =
    max === Number.MAX_SAFE_INTEGER ? `muss eine ganze Zahl ab ${min} sein` : `muss eine ganze Zahl von ${min} bis ${max} sein`;
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/** Hours as a decimal number from 0 to a year (`2.5`). */
const hoursMessage = "muss eine Zahl von Stunden ab 0 sein (z. B. 24 oder 2.5)";
const hours = z.coerce.number({ error: hoursMessage }).min(0, { error: hoursMessage }).max(8760, { error: hoursMessage });

/** proxy-addr's named ranges and addresses or subnets (`10.0.0.0/8`, `::1`) of trusted proxies. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * `false`, the number of proxies in front of the app, or their addresses and
 * subnets (a comma-separated list); `true` (trust every hop) only outside
 * production, see the refinement below.
 */
const trustProxy = z
  .string()
  .refine(
    (value) => /^(true|false|\d+)$/.test(value) || value.split(",").every((entry) => isProxyAddress(entry.trim())),
    "muss false, die Anzahl der Proxies (z. B. 1) oder eine Liste ihrer Adressen bzw. Subnetze (z. B. 10.0.0.0/8,127.0.0.1) sein",
  )
  .default("false");

/**
 * `true` makes the app take the left-most X-Forwarded-For entry as the client,
 * and the client writes that entry itself: anyone who reaches the app directly
 * would pick their own address for every per-IP limit.
 */
export const TRUST_PROXY_TRUE_IN_PRODUCTION =
  "ist in Produktion nicht erlaubt: true vertraut dem linken X-Forwarded-For-Eintrag, den der Client selbst schreibt. " +
  "Bitte die Anzahl der Proxies vor der App angeben (meist TRUST_PROXY=1) oder ihre Adressen bzw. Subnetze (z. B. TRUST_PROXY=10.0.0.0/8).";

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
  message: "muss eine PostgreSQL-URL sein (postgres://user:pass@host:5432/db)",
});

/**
 * The master key of the secrets at rest (decision 035): 256 random bits as base64 or hex, e.g.
 * `openssl rand -base64 32`. Derived with HKDF, which is no password hash: a passphrase is refused.
 */
export const APP_SECRET_PATTERN = /^[A-Za-z0-9+/_-]{43,}={0,2}$/;

const appSecret = z.string().regex(APP_SECRET_PATTERN, {
  message: "muss mindestens 32 zufällige Bytes als Base64 oder Hex enthalten (z. B. openssl rand -base64 32)",
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy,
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  // The folder of the automatic backups (decision 041); unset: DATA_DIR/backups on PGlite, none on PostgreSQL.
  BACKUP_DIR: z.string().min(1).optional(),
  // Key of the TOTP secrets and of the recovery codes' key (decision 035); unset: DATA_DIR/secret.key (not in production on PostgreSQL).
  APP_SECRET: appSecret.optional(),
  // The key before a rotation, still accepted for reading until `npm run admin -- rotate-key` has re-encrypted everything.
  APP_SECRET_PREVIOUS: appSecret.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BOOKING_RATE_LIMIT: integer(0).default(5),
  BOOKING_DAILY_LIMIT: integer(0).default(12),
  BOOKING_ALERT_PER_DAY: integer(0).default(30),
  CONTACT_RATE_LIMIT: integer(0).default(5),
  SLOT_CAPACITY: integer(1).optional(),
  EMAIL_TRANSPORT: z.enum(["smtp", "emailjs", "file"]).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
      message: "muss eine SMTP-URL sein (smtp://user:pass@host:587 oder smtps://…)",
    })
    .optional(),
  // Unset: the sender name and notice address of 'Einstellungen' (issue 29); set, they win and the page shows them read-only.
  MAIL_FROM: z.string().min(3).optional(),
  WORKSHOP_EMAIL: z.email().optional(),
  EMAILJS_API_URL: z.url().default("https://api.emailjs.com"),
  EMAILJS_PUBLIC_KEY: z.string().optional(),
  EMAILJS_PRIVATE_KEY: z.string().optional(),
  EMAILJS_SERVICE_ID: z.string().optional(),
  EMAILJS_TEMPLATE_CONFIRMATION: z.string().optional(),
  EMAILJS_TEMPLATE_CANCELLATION: z.string().optional(),
  EMAIL_WORKER: booleanFlag.default(true),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // log2 of scrypt's N for new password hashes (decision 030): 17 is OWASP's 2^17; lower only in tests.
  PASSWORD_HASH_COST: integer(10, 20).default(17),
  // scrypt runs at once (each 128 MiB at 2^17), the rest wait in line (app/auth/password.server.ts, decision 031).
  PASSWORD_HASH_CONCURRENCY: integer(1, 64).default(2),
  // Seconds the event loop may stay blocked before the server ends itself for its supervisor to restart it (0: off).
  WATCHDOG_SECONDS: integer(0, 3600).default(30),
  SESSION_IDLE_MINUTES: integer(1).default(60),
  SESSION_ABSOLUTE_HOURS: integer(1).default(12),
  // Set, they win over 'Einstellungen' → Buchungsregeln (the cancel cutoff, the reminder hours); unset, the owner's values hold. Decimal hours, so 2.5 works.
  SELF_CANCEL_CUTOFF_HOURS: hours.optional(),
  REMINDER_HOURS_BEFORE: hours.optional(),
});

/** OWASP's scrypt cost (N = 2^17); a cheaper one would make stolen hashes cheaper to crack. */
const MIN_PASSWORD_HASH_COST = 17;

export const PASSWORD_HASH_COST_BELOW_MINIMUM = `unter ${MIN_PASSWORD_HASH_COST} ist nur in Tests (NODE_ENV=test) erlaubt: ein billigerer Hash macht gestohlene Passwort-Hashes leichter zu knacken.`;

/** Rules across variables; a violation names the variable like a bad value does. */
const checkedEnvSchema = envSchema.superRefine((config, context) => {
  if (config.NODE_ENV === "production" && config.TRUST_PROXY === "true") {
    context.addIssue({ code: "custom", path: ["TRUST_PROXY"], message: TRUST_PROXY_TRUE_IN_PRODUCTION });
  }
  if (config.APP_SECRET_PREVIOUS && !config.APP_SECRET) {
    context.addIssue({ code: "custom", path: ["APP_SECRET_PREVIOUS"], message: "gilt nur zusammen mit APP_SECRET (dem neuen Schlüssel)." });
  }
  if (config.NODE_ENV !== "test" && config.PASSWORD_HASH_COST < MIN_PASSWORD_HASH_COST) {
    context.addIssue({ code: "custom", path: ["PASSWORD_HASH_COST"], message: PASSWORD_HASH_COST_BELOW_MINIMUM });
  }
});

export type Env = z.infer<typeof envSchema>;

/** The variable names, for the test that keeps .env.example and the README in step. */
export const envVariableNames = Object.keys(envSchema.shape);

export class EnvError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings count as "not set", as they do in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = checkedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "?");
    throw new EnvError(`Ungültige Konfiguration: ${name} ${issue.message}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For process entry points: the configuration, or exit 1 with the line naming the bad variable. */
export function envOrExit(): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) exitWithMessage(error.message);
    throw error;
  }
}

/** The configuration, or undefined when it is invalid (the logger must load before main() reports it). */
export function tryEnv(): Env | undefined {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) return undefined;
    throw error;
  }
}

/** Only for tests that start services with a different configuration. */
export function resetEnvCache(): void {
  cached = undefined;
}
