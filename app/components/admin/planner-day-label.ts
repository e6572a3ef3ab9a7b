import { weekday } from "~/domain/calendar-date";
import { formatIsoDateDE } from "~/lib/format-date";

const dayNames = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"];

/** A day as the planner names it: "Di 01.12.". */
export function dayLabel(date: string): string {
  return `${dayNames[weekday(date)]} ${formatIsoDateDE(date).slice(0, 6)}`;
}
