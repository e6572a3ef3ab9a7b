import pino from "pino";
import { tryEnv } from "~/config/env.server";

// An invalid configuration is reported by server.ts in one line; the logger must not throw first.
const config = tryEnv();
const nodeEnv = config?.NODE_ENV ?? "development";

/**
 * One logger for the process: JSON lines in production, pino-pretty (a dev
 * dependency) only in development. Customer contact data never reaches it in
 * clear: redact covers the usual field names, maskEmail/maskPhone the rest.
 */
export const logger = pino({
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
  serializers: { err: scrubbedError },
  ...(nodeEnv === "development" ? { transport: { target: "pino-pretty" } } : {}),
});

/**
 * Drizzle puts the bound values of a failed query into the error message and a
 * `params` field, and PostgreSQL repeats key values in `detail`: customer data
 * that must not reach the log. Keep the query shape, drop the values.
 */
function scrubbedError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const strip = (value: unknown): unknown =>
    typeof value === "string" ? value.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]") : value;
  const clean = (record: Record<string, unknown>): Record<string, unknown> => {
    const copy: Record<string, unknown> = { ...record, message: strip(record.message), stack: strip(record.stack) };
    delete copy.params;
    delete copy.detail;
    if (copy.cause && typeof copy.cause === "object") copy.cause = clean(copy.cause as Record<string, unknown>);
    return copy;
  };
  return serialized && typeof serialized === "object" ? clean(serialized) : serialized;
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
