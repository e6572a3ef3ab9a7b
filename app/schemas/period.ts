import { isCalendarDate } from "~/domain/calendar-date";
import { onSlotGrid } from "./slot-time";
import { z } from "./zod";

/** The fields a closure and an absence share: days as yyyy-MM-dd, and a start on the first day. */

/** A calendar date yyyy-MM-dd, else `message`. */
export const calendarDate = (message: string) => z.string({ error: message }).refine(isCalendarDate, message);

/** HH:mm on the slot grid, or nothing: absent, null and "" (the form's 'ganztägig') mean the whole first day. */
export const optionalStartTime = (message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.string({ error: message }).refine(onSlotGrid, message).optional(),
  );
