import pino from "pino";
import { tryEnv } from "~/config/env.server";
import { redactEmailAddresses, redactPathTokens } from "./redact";

// An invalid configuration is reported by server.ts in one line; the logger must not throw first.
const config = tryEnv();
const nodeEnv = config?.NODE_ENV ?? "development";

/**
 * One logger for the process: JSON lines in production, pino-pretty (a dev
 * dependency) only in development. Customer contact data never reaches it in
 * clear: redact covers the usual field names, maskEmail/maskPhone the rest,
 * and e-mail addresses inside any logged text (the message, string fields,
 * errors with their stacks and causes) are replaced here, once for every
 * caller: error texts of SMTP servers and drivers repeat the recipient. So
 * are the tokens of secret links in a logged `path`.
 * `destination` is for tests that read the lines.
 */
export function createLogger(destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level: nodeEnv === "test" && !process.env.LOG_LEVEL ? "silent" : (config?.LOG_LEVEL ?? "info"),
    redact: {
      paths: [
        "email",
        "*.email",
        "phone",
        "*.phone",
        "recipient",
        "*.recipient",
        "replyTo",
        "*.replyTo",
        "params",
        "*.params",
        "password",
        "*.password",
        "token",
        "*.token",
        "req.headers.cookie",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
    serializers: { err: (error: unknown) => scrubbedError(error), msg: redactedText },
    formatters: { log: (fields) => redactedFields(fields) },
  };
  if (destination) return pino(options, destination);
  return pino({ ...options, ...(nodeEnv === "development" ? { transport: { target: "pino-pretty" } } : {}) });
}

export const logger = createLogger();

function redactedText(value: unknown): unknown {
  return typeof value === "string" ? redactEmailAddresses(value) : value;
}

/** The line's fields without addresses, a `path` without link tokens; `err` is left to its serializer. */
function redactedFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      key === "err" ? value : key === "path" && typeof value === "string" ? redactPathTokens(value) : withoutAddresses(value, new Set()),
    ]),
  );
}

/**
 * Every string in `value`, however deep, without e-mail addresses; an error
 * anywhere is serialized and scrubbed like `err`. Copies what JSON would show
 * (own enumerable fields, toJSON), so nothing the line prints escapes it.
 */
function withoutAddresses(value: unknown, ancestors: Set<object>): unknown {
  if (typeof value === "string") return redactEmailAddresses(value);
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return value;
  if (ancestors.has(value)) return "[Circular]";
  if (value instanceof Error) return scrubbedError(value, ancestors);
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === "function") return withoutAddresses(json.call(value), ancestors);
  ancestors.add(value);
  try {
    return Array.isArray(value)
      ? value.map((item) => withoutAddresses(item, ancestors))
      : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutAddresses(item, ancestors)]));
  } finally {
    ancestors.delete(value);
  }
}

/**
 * Drizzle puts the bound values of a failed query into the error message and a
 * `params` field, and PostgreSQL repeats key values in `detail`: customer data
 * that must not reach the log. Keep the query shape, drop the values; then
 * every remaining text (message, stack, an SMTP `response`, causes) loses its
 * e-mail addresses.
 */
function scrubbedError(error: unknown, ancestors = new Set<object>()): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const clean = (record: Record<string, unknown>): Record<string, unknown> => {
    const copy: Record<string, unknown> = { ...record, ...withoutBoundValues(record) };
    delete copy.params;
    delete copy.detail;
    if (copy.cause && typeof copy.cause === "object") copy.cause = clean(copy.cause as Record<string, unknown>);
    return copy;
  };
  if (!serialized || typeof serialized !== "object") return withoutAddresses(serialized, ancestors);
  if (typeof error === "object" && error !== null) ancestors.add(error);
  try {
    return withoutAddresses(clean(serialized), ancestors);
  } finally {
    if (typeof error === "object" && error !== null) ancestors.delete(error);
  }
}

/**
 * Drizzle's "Failed query: …\nparams: …" without the values. They may span lines (a customer's
 * message keeps its line breaks): a DrizzleQueryError carries them as `params`, so exactly that text
 * goes, wherever message and stack (with its causes) repeat it; any other "params:" text loses
 * everything after it.
 */
function withoutBoundValues(record: Record<string, unknown>): { message: unknown; stack: unknown } {
  const exact = Array.isArray(record.params) ? `\nparams: ${String(record.params)}` : null;
  const strip = (value: unknown): unknown => {
    if (typeof value !== "string") return value;
    const known = exact ? value.split(exact).join("\nparams: [redacted]") : value;
    return known.replace(/\nparams: (?!\[redacted\])[\s\S]*$/, "\nparams: [redacted]");
  };
  return { message: strip(record.message), stack: strip(record.stack) };
}

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Keeps the last two digits, enough to tell two numbers apart in a log. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `***${digits.slice(-2)}`;
}
