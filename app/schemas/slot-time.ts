import { site } from "~/config/site";
import { timeToMinutes } from "~/domain/calendar-date";

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day as HH:mm (00:00–23:59). */
export function isTimeOfDay(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** HH:mm on the slot grid (08:00, 12:30): a closure's start, an imported appointment's time. */
export function onSlotGrid(value: string): boolean {
  return isTimeOfDay(value) && timeToMinutes(value) % site.booking.slotMinutes === 0;
}
