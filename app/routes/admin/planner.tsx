import { Link } from "react-router";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { databaseContext } from "~/context";
import { addDays, isCalendarDate, weekday, zonedParts } from "~/domain/calendar-date";
import { mondayOf, type PlannerBlock, type PlannerDay, planWeek } from "~/domain/planner";
import { defaultSlotRules } from "~/domain/slots";
import { cn } from "~/lib/cn";
import { formatIsoDateDE } from "~/lib/format-date";
import { progressLabels, unavailableDayMessage } from "~/messages";
import { appointmentsBetween } from "~/services/appointment-queries.server";
import { rulesWithClosures } from "~/services/closures.server";
import { listResources } from "~/services/resources.server";
import type { Route } from "./+types/planner";

export const meta: Route.MetaFunction = () => [
  { title: "Wochenplaner – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Der Wochenplaner konnte nicht geladen werden." };

const dayNames = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"];
const statusTone = {
  beantragt: "border-yellow-600 bg-yellow-100 text-yellow-950",
  bestätigt: "border-green-700 bg-green-100 text-green-950",
  storniert: "border-red-700 bg-red-100 text-red-950 line-through decoration-red-800/60",
} as const;

/** /admin/planer?date=YYYY-MM-DD: the week of that date (Monday–Saturday); on a phone that one day. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("date") ?? "";
  const today = zonedParts(new Date(), site.timeZone).date;
  const date = isCalendarDate(requested) ? requested : today;
  const db = context.get(databaseContext);
  const monday = mondayOf(date);
  const saturday = addDays(monday, 5);
  const rules = await rulesWithClosures(db, defaultSlotRules, monday, saturday);
  // Until the planner has a lane per lift (issue 27): a slot holds as many cars as there are lifts.
  const capacity = Math.max(1, (await listResources(db)).filter((resource) => resource.kind === "lift" && resource.active).length);
  const plan = planWeek(date, await appointmentsBetween(db, monday, saturday), capacity, rules);
  // On a phone one day at a time: the asked one, or Monday when it is a Sunday.
  const focus = weekday(date) === 0 ? monday : date;
  return { plan, focus, today, capacity };
}

function dayLabel(date: string): string {
  return `${dayNames[weekday(date)]} ${formatIsoDateDE(date).slice(0, 6)}`;
}

/**
 * Everything a block says, status first: its accessible name and tooltip, since
 * a 30-minute block has room for two lines only.
 */
function blockSummary(block: PlannerBlock): string {
  const status = block.progress ? `${block.status}, ${progressLabels[block.progress]}` : block.status;
  const details = [block.service, block.licensePlate, block.internalNote ? `Notiz: ${block.internalNote}` : null].filter(Boolean);
  return `${status}: ${block.time}–${block.endTime} ${block.name}, ${details.join(", ")}`;
}

/** One line of a block: cut with an ellipsis where the column ends (the whole text is in the name and tooltip). */
const line = "block truncate";

function Block({ block }: { block: PlannerBlock }) {
  return (
    <Link
      to={`/admin/termine/${block.id}`}
      aria-label={blockSummary(block)}
      title={blockSummary(block)}
      style={{ gridRow: `${block.row + 2} / span ${block.rows}`, gridColumn: `${block.lane + 1}` }}
      className={cn(
        "z-10 m-0.5 overflow-hidden rounded-md border-l-4 px-1.5 py-1 text-xs leading-tight shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        statusTone[block.status],
      )}
    >
      {/* The status first: the line a 30-minute block always has room for. */}
      <span className={cn(line, "font-semibold")}>
        {block.status}
        {block.progress ? ` · ${progressLabels[block.progress]}` : null}
      </span>
      <span className={line}>
        {block.time}–{block.endTime} {block.name}
      </span>
      <span className={line}>{block.service}</span>
      {block.licensePlate ? <span className={line}>{block.licensePlate}</span> : null}
      {block.internalNote ? <span className={line}>Notiz: {block.internalNote}</span> : null}
    </Link>
  );
}

/**
 * An open time row: quiet while it has room (only screen readers hear "frei"),
 * "frei: n" once some places are taken and "voll" when none is left.
 */
function OpenCell({ time, free, capacity }: { time: string; free: number; capacity: number }) {
  if (free === 0) return <span>voll</span>;
  if (free < capacity) return <span>frei: {free}</span>;
  return <span className="sr-only">{time} frei</span>;
}

function DayColumn({
  day,
  times,
  focused,
  isToday,
  capacity,
}: {
  day: PlannerDay;
  times: string[];
  focused: boolean;
  isToday: boolean;
  capacity: number;
}) {
  return (
    <section
      data-planner-day={day.date}
      aria-label={`${dayLabel(day.date)}${day.closedReason ? `, ${unavailableDayMessage(day.closedReason)}` : ""}`}
      className={cn("grid min-w-0 flex-1 auto-rows-[3rem] border-l border-border", !focused && "max-md:hidden")}
      style={{ gridTemplateColumns: `repeat(${day.lanes}, minmax(0, 1fr))`, gridTemplateRows: `3rem repeat(${times.length}, 3rem)` }}
    >
      <h3
        className={cn(
          "col-span-full flex flex-col justify-center border-b border-border px-2 text-sm font-semibold",
          isToday && "text-primary",
        )}
        style={{ gridRow: "1" }}
      >
        {dayLabel(day.date)}
        {day.closedReason ? <span className="text-xs font-normal">{unavailableDayMessage(day.closedReason)}</span> : null}
      </h3>
      {day.cells.map((cell, index) => (
        <div
          key={times[index]}
          style={{ gridRow: `${index + 2}`, gridColumn: "1 / -1" }}
          className={cn(
            "border-b border-border/60 px-1 text-[0.7rem] text-muted-foreground",
            cell.closed && "bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--border)_6px_8px)]",
          )}
        >
          {cell.closed ? (
            index === 0 || !day.cells[index - 1]!.closed ? (
              <span className="sr-only md:not-sr-only">{unavailableDayMessage(cell.reason)}</span>
            ) : null
          ) : (
            <OpenCell time={times[index]!} free={cell.free} capacity={capacity} />
          )}
        </div>
      ))}
      {day.blocks.map((block) => (
        <Block key={block.id} block={block} />
      ))}
    </section>
  );
}

export default function Planner({ loaderData }: Route.ComponentProps) {
  const { plan, focus, today, capacity } = loaderData;
  const saturday = plan.days[5]!.date;
  const focusIndex = plan.days.findIndex((day) => day.date === focus);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* The week on a desktop; on a phone, which shows one day, that day. */}
        <h2 className="text-2xl font-semibold">
          Wochenplaner <span className="max-md:hidden">{`${formatIsoDateDE(plan.monday)} – ${formatIsoDateDE(saturday)}`}</span>
          <span className="md:hidden">{`${dayNames[weekday(focus)]}, ${formatIsoDateDE(focus)}`}</span>
        </h2>
        <nav aria-label="Woche wählen" className="flex flex-wrap gap-2">
          <Button asChild variant="outline" className="max-md:hidden">
            <Link to={`?date=${addDays(plan.monday, -7)}`}>Vorherige Woche</Link>
          </Button>
          <Button asChild variant="outline" className="md:hidden">
            <Link to={`?date=${focusIndex === 0 ? addDays(plan.monday, -2) : addDays(focus, -1)}`}>Vorheriger Tag</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`?date=${today}`}>Heute</Link>
          </Button>
          <Button asChild variant="outline" className="md:hidden">
            <Link to={`?date=${focusIndex === 5 ? addDays(plan.monday, 7) : addDays(focus, 1)}`}>Nächster Tag</Link>
          </Button>
          <Button asChild variant="outline" className="max-md:hidden">
            <Link to={`?date=${addDays(plan.monday, 7)}`}>Nächste Woche</Link>
          </Button>
        </nav>
      </div>
      <ul className="flex flex-wrap gap-3 text-xs" aria-label="Legende">
        <li className={cn("rounded border-l-4 px-2 py-0.5", statusTone.beantragt)}>beantragt</li>
        <li className={cn("rounded border-l-4 px-2 py-0.5", statusTone.bestätigt)}>bestätigt</li>
        <li className={cn("rounded border-l-4 px-2 py-0.5", statusTone.storniert)}>storniert</li>
        <li className="rounded border border-border bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--border)_6px_8px)] px-2 py-0.5">
          geschlossen
        </li>
      </ul>
      <div className="flex overflow-x-auto rounded-lg border border-border">
        <div className="grid w-14 shrink-0 auto-rows-[3rem] text-xs text-muted-foreground" aria-hidden="true">
          <div />
          {plan.times.map((time) => (
            <div key={time} className="border-b border-border/60 px-1 pt-0.5">
              {time}
            </div>
          ))}
        </div>
        {plan.days.map((day) => (
          <DayColumn
            key={day.date}
            day={day}
            times={plan.times}
            focused={day.date === focus}
            isToday={day.date === today}
            capacity={capacity}
          />
        ))}
      </div>
    </div>
  );
}
