import { logger } from "./logger.server";
import { SecretKeyError } from "./secret-box.server";

// Connection-level failures: PostgreSQL shutting down or refusing, the network gone, the pool closed.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown (e.g. pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);
// The last ones: the embedded database's folder full or read-only (app/db/storage-guard.server.ts).
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|Client was closed|Database storage failed|No space left on device|Read-only file system/i;

/**
 * Whether `error` (or anything in its `cause` chain: Drizzle wraps driver
 * errors) means the database cannot be reached, as opposed to a bug or a
 * rejected statement.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * The server has no room for this request's work at the moment: the line of password hashes is
 * full (app/auth/password.server.ts). Answered like an outage, 503 with Retry-After, and not
 * logged as a fault: a flood of requests causes it, not a bug.
 */
export class ServerBusyError extends Error {}

/**
 * What kind of failure a request met: the error policy (server/errors.ts) answers each in its way.
 * `key`: a secret at rest the server's key cannot read or write (decision 035), a 503 in its own words.
 */
export type FailureKind = "busy" | "outage" | "key" | "unexpected";

/**
 * Logs a request's failure once and says its kind: a busy server as a warning without the stack
 * (a flood would fill the log with them), an outage or anything else as an error.
 */
export function logFailure(error: unknown, facts: { requestId: string; path: string }): FailureKind {
  if (error instanceof ServerBusyError) {
    logger.warn({ ...facts, reason: error.message }, "server busy");
    return "busy";
  }
  if (error instanceof SecretKeyError) {
    // The operator's problem, said once per request with the key id, never a stack.
    logger.error({ ...facts, keyId: error.keyId, reason: error.message }, "secret key unavailable");
    return "key";
  }
  const outage = isDatabaseUnavailable(error);
  logger.error({ err: error, ...facts }, outage ? "database unavailable" : "unhandled error");
  return outage ? "outage" : "unexpected";
}
