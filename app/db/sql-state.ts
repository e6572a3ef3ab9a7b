/**
 * The SQLSTATE of a refused statement (e.g. 23P01, an exclusion constraint), through Drizzle's
 * wrapper (its `cause`) on PGlite and node-postgres alike; undefined for any other error.
 */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATE exclusion_violation: two active holds of one resource would overlap (appointment_resources_no_overlap). */
export const EXCLUSION_VIOLATION = "23P01";
