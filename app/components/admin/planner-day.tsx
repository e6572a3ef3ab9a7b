import { Link } from "react-router";
import type { PlannerDay } from "~/domain/planner";
import { cn } from "~/lib/cn";
import { plannerMessages, unavailableDayMessage } from "~/messages";
import { DayAgenda } from "./planner-agenda";
import { dayLabel } from "./planner-day-label";
import { dayColumns, DayGrid } from "./planner-grid";

/**
 * One day of the week planner: its header (the date, why it is closed, who is absent), then its
 * lanes as a grid in the planner's rows (a subgrid), or on a phone, for the day shown, stacked.
 * From the desktop's width on every day shows; below it only `focused`.
 */
export function PlannerDaySection({
  day,
  times,
  focused,
  isToday,
}: {
  day: PlannerDay;
  times: string[];
  focused: boolean;
  isToday: boolean;
}) {
  return (
    <section
      data-planner-day={day.date}
      aria-label={`${dayLabel(day.date)}${day.closedReason ? `, ${unavailableDayMessage(day.closedReason)}` : ""}`}
      className={cn(
        "min-w-0 md:row-span-full md:grid-rows-subgrid md:border-l md:border-border",
        // Not `max-xl:hidden` beside `md:grid`: between the two widths both would apply, and CSS order decides.
        focused ? "md:grid" : "hidden xl:grid",
      )}
      style={{ gridTemplateColumns: dayColumns(day) }}
    >
      <header className="col-span-full flex flex-col gap-0.5 border-border px-2 py-1.5 md:row-start-1 md:border-b">
        <h3 className={cn("text-sm font-semibold", isToday && "text-primary")}>
          {/* The day's work readable in full, also where the week's lanes are narrow. */}
          <Link
            to={`/admin/tagesliste?date=${day.date}`}
            title={plannerMessages.dayListOf(dayLabel(day.date))}
            className="underline-offset-4 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center"
          >
            {dayLabel(day.date)}
          </Link>
        </h3>
        {day.closedReason ? <p className="text-xs">{unavailableDayMessage(day.closedReason)}</p> : null}
        {day.absences.length > 0 ? (
          <ul aria-label={plannerMessages.absencesLabel} className="text-xs text-orange-800 dark:text-orange-300">
            {day.absences.map((absence) => (
              <li key={`${absence.resourceId}-${absence.from ?? ""}`} className="break-words">
                {plannerMessages.absence(absence)}
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <DayGrid day={day} times={times} />
      {focused ? <DayAgenda day={day} times={times} /> : null}
    </section>
  );
}
