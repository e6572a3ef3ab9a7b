/** node-postgres returns `{ rows }`, PGlite too; some drivers return the array itself. */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
