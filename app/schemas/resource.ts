import { resourceKinds } from "~/domain/resources";
import { holdMessages, resourceMessages } from "~/messages";
import { cleanText } from "./text";
import { z } from "./zod";

const name = z
  .string({ error: resourceMessages.name })
  .transform((value) => cleanText(value))
  .pipe(z.string().min(1, resourceMessages.name).max(100, resourceMessages.name));

/** A new resource from the 'Werkstatt' form or POST /api/v1/admin/resources. */
export const resourceInputSchema = z.object({
  name,
  kind: z.enum(resourceKinds, { error: resourceMessages.kind }),
});

/** A change from PATCH /api/v1/admin/resources/:id: a new name, active or not, or both. */
export const resourceChangeSchema = z
  .object({
    name: name.optional(),
    active: z.boolean({ error: resourceMessages.active }).optional(),
  })
  .refine((change) => change.name !== undefined || change.active !== undefined, {
    path: ["name"],
    message: resourceMessages.nothingToChange,
  });

/**
 * 'Zuordnung ändern' (PATCH /api/v1/admin/appointments/:id/resources): the appointment's whole new
 * set, one id per kind it holds. Which ids are resources of which kind is the service's to check.
 */
export const resourceMoveSchema = z.object({
  resourceIds: z
    .array(z.string({ error: holdMessages.invalidBody }), { error: holdMessages.invalidBody })
    .max(10, holdMessages.invalidBody),
});

export type ResourceInput = z.output<typeof resourceInputSchema>;
export type ResourceChange = z.output<typeof resourceChangeSchema>;

/** The German message of each bad field of a refused input (the first per field); one about the whole input goes to `fallback`. */
export function fieldMessages(error: z.ZodError, fallback = "name"): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? fallback)] ??= issue.message;
  return fields;
}
