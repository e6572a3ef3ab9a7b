import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The embedded database's storage failing under it (issue 31, finding 3): the disk under DATA_DIR
 * full or turned read-only while the server runs. PGlite's PostgreSQL answers the first write with an
 * error ("could not write to log file …: Read-only file system"), and the next statement sent to it
 * spins in its WebAssembly for minutes with the event loop blocked: no /healthz, no SIGTERM. So the
 * first such error closes the door: every later statement is refused at once, without reaching
 * PGlite, as the outage it is (a German 503), /readyz says 503, and the server stops itself
 * (server/index.ts) for its supervisor to restart it once the disk is fixed.
 */
export class StorageFailedError extends Error {
  constructor(cause: unknown) {
    super("Database storage failed: the data folder can no longer be written", { cause });
    this.name = "StorageFailedError";
  }
}

const STORAGE_FAILURE =
  /could not (write|extend|fsync|create|open|truncate|rename|link)|No space left on device|Read-only file system|\bENOSPC\b|\bEROFS\b|\bEIO\b|\bEDQUOT\b/i;

/** Whether `error` (or its cause chain: Drizzle wraps the driver's) says the storage cannot be written. */
export function isStorageFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    if (current instanceof StorageFailedError) return true;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && ["ENOSPC", "EROFS", "EIO", "EDQUOT", "53100"].includes(code)) return true;
    if (typeof message === "string" && STORAGE_FAILURE.test(message)) return true;
    current = cause;
  }
  return false;
}

type Guarded = Pick<PGlite, "query" | "exec" | "transaction">;

/**
 * Puts the door in front of `client`'s statements (query, exec, transaction: what Drizzle calls).
 * `onFailure` hears the first storage failure once. Answers whether the door has closed.
 */
export function guardStorage(client: PGlite, onFailure: (error: unknown) => void): { failed: () => boolean } {
  let failure: StorageFailedError | null = null;
  const guarded = client as Guarded;
  for (const method of ["query", "exec", "transaction"] as const) {
    const original = guarded[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    // Replaces the instance's method with one that refuses once the storage failed (PGlite has no hook for it).
    (guarded as Record<typeof method, unknown>)[method] = async (...args: unknown[]) => {
      if (failure) throw failure;
      try {
        return await original(...args);
      } catch (error) {
        if (!failure && isStorageFailure(error)) {
          failure = new StorageFailedError(error);
          onFailure(error);
        }
        throw error;
      }
    };
  }
  return { failed: () => failure !== null };
}

/**
 * Below this much free space in DATA_DIR, /readyz says 503 before the embedded database fails: a
 * load balancer or monitor sees the full disk while bookings still work, not after they fail.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** Whether the file system of `dir` still has MIN_FREE_BYTES for an unprivileged writer (true when it cannot tell). */
export async function hasRoomToWrite(dir: string): Promise<boolean> {
  try {
    const stats = await fs.promises.statfs(dir);
    return stats.bavail * stats.bsize >= MIN_FREE_BYTES;
  } catch {
    return true;
  }
}
