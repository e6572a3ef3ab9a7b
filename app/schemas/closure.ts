import { closureMessages } from "~/messages";
import { calendarDate, optionalStartTime } from "./period";
import { cleanText } from "./text";
import { z } from "./zod";

/** A new closure from the board's form or POST /api/v1/admin/closures; a blank startTime means the whole first day. */
export const closureInputSchema = z
  .object({
    from: calendarDate(closureMessages.from),
    to: calendarDate(closureMessages.to),
    name: z
      .string({ error: closureMessages.name })
      .transform((value) => cleanText(value))
      .pipe(z.string().min(1, closureMessages.name).max(100, closureMessages.name)),
    startTime: optionalStartTime(closureMessages.startTime),
  })
  .refine((closure) => closure.from <= closure.to, { path: ["to"], message: closureMessages.range });

export type ClosureInput = z.output<typeof closureInputSchema>;

/** The input, or the German message of each bad field. */
export function parseClosureInput(input: unknown): { ok: true; data: ClosureInput } | { ok: false; fields: Record<string, string> } {
  const result = closureInputSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "from");
    fields[field] ??= issue.message;
  }
  return { ok: false, fields };
}
