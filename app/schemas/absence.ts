import { MAX_ABSENCE_DAYS } from "~/domain/absences";
import { daysBetween, isCalendarDate } from "~/domain/calendar-date";
import { absenceMessages } from "~/messages";
import { calendarDate, optionalStartTime } from "./period";
import { cleanText } from "./text";
import { z } from "./zod";

/**
 * A new absence from the 'Werkstatt' form or POST /api/v1/admin/resources/:id/absences: whole days
 * from `from` to `to`, or on the first day from `startTime` (the slot grid) on; a reason of 1–100
 * characters (Urlaub, Krankenstand, Berufsschule or any other).
 */
export const absenceInputSchema = z
  .object({
    from: calendarDate(absenceMessages.from),
    to: calendarDate(absenceMessages.to),
    startTime: optionalStartTime(absenceMessages.startTime),
    reason: z
      .string({ error: absenceMessages.reason })
      .transform((value) => cleanText(value))
      .pipe(z.string().min(1, absenceMessages.reason).max(100, absenceMessages.reason)),
  })
  // zod runs these also when a field failed its own check: only two real dates are compared.
  .refine((absence) => !datesGiven(absence) || absence.from <= absence.to, { path: ["to"], message: absenceMessages.range })
  // Entering it locks each of its days (app/services/absences.server.ts): a year at most.
  .refine((absence) => !datesGiven(absence) || absence.from > absence.to || daysBetween(absence.from, absence.to) < MAX_ABSENCE_DAYS, {
    path: ["to"],
    message: absenceMessages.tooLong,
  });

function datesGiven({ from, to }: { from: unknown; to: unknown }): boolean {
  return typeof from === "string" && typeof to === "string" && isCalendarDate(from) && isCalendarDate(to);
}

export type AbsenceInput = z.output<typeof absenceInputSchema>;
