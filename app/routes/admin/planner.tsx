import type { CSSProperties } from "react";
import { Link } from "react-router";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { carOutTone, closedHatch, statusTone, unavailableHatch } from "~/components/admin/planner-block";
import { PlannerDaySection } from "~/components/admin/planner-day";
import { weekColumns } from "~/components/admin/planner-grid";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { databaseContext } from "~/context";
import { addDays, isCalendarDate, weekday, zonedParts } from "~/domain/calendar-date";
import { mondayOf, planWeek } from "~/domain/planner";
import { defaultSlotRules } from "~/domain/slots";
import { cn } from "~/lib/cn";
import { formatIsoDateDE } from "~/lib/format-date";
import { plannerMessages } from "~/messages";
import { rulesWithClosures } from "~/services/closures.server";
import { plannerWeek } from "~/services/planner.server";
import type { Route } from "./+types/planner";

export const meta: Route.MetaFunction = () => [
  { title: "Wochenplaner – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Der Wochenplaner konnte nicht geladen werden." };

const dayNames = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"];

/**
 * /admin/planer?date=YYYY-MM-DD: the week of that date (Monday–Saturday) with a lane per lift and
 * inspection place (issue 27); below the desktop's width that one day.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("date") ?? "";
  const today = zonedParts(new Date(), site.timeZone).date;
  const date = isCalendarDate(requested) ? requested : today;
  const db = context.get(databaseContext);
  const monday = mondayOf(date);
  const saturday = addDays(monday, 5);
  const [rules, week] = await Promise.all([
    rulesWithClosures(db, defaultSlotRules, monday, saturday),
    plannerWeek(db, monday, saturday, defaultSlotRules.timeZone),
  ]);
  const plan = planWeek(date, week, rules);
  // Below the desktop's width one day at a time: the asked one, or Monday when it is a Sunday.
  const focus = weekday(date) === 0 ? monday : date;
  return { plan, focus, today };
}

const legendChip = "rounded border-l-4 px-2 py-0.5";

export default function Planner({ loaderData }: Route.ComponentProps) {
  const { plan, focus, today } = loaderData;
  const saturday = plan.days[5]!.date;
  const focusIndex = plan.days.findIndex((day) => day.date === focus);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* The week on a desktop; below its width, which shows one day, that day. */}
        <h2 className="text-2xl font-semibold">
          Wochenplaner <span className="max-xl:hidden">{`${formatIsoDateDE(plan.monday)} – ${formatIsoDateDE(saturday)}`}</span>
          <span className="xl:hidden">{`${dayNames[weekday(focus)]}, ${formatIsoDateDE(focus)}`}</span>
        </h2>
        <nav aria-label="Woche wählen" className="flex flex-wrap gap-2">
          <Button asChild variant="outline" className="max-xl:hidden">
            <Link to={`?date=${addDays(plan.monday, -7)}`}>Vorherige Woche</Link>
          </Button>
          <Button asChild variant="outline" className="xl:hidden">
            <Link to={`?date=${focusIndex === 0 ? addDays(plan.monday, -2) : addDays(focus, -1)}`}>Vorheriger Tag</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`?date=${today}`}>Heute</Link>
          </Button>
          <Button asChild variant="outline" className="xl:hidden">
            <Link to={`?date=${focusIndex === 5 ? addDays(plan.monday, 7) : addDays(focus, 1)}`}>Nächster Tag</Link>
          </Button>
          <Button asChild variant="outline" className="max-xl:hidden">
            <Link to={`?date=${addDays(plan.monday, 7)}`}>Nächste Woche</Link>
          </Button>
        </nav>
      </div>
      <ul className="flex flex-wrap gap-3 text-xs" aria-label="Legende">
        <li className={cn(legendChip, statusTone.beantragt)}>beantragt</li>
        <li className={cn(legendChip, statusTone.bestätigt)}>bestätigt</li>
        <li className={cn(legendChip, statusTone.storniert)}>storniert</li>
        <li className={cn("rounded border border-border px-2 py-0.5", closedHatch)}>geschlossen</li>
        <li className={cn("rounded border border-orange-600 px-2 py-0.5", unavailableHatch)}>
          <span className="rounded-sm bg-background/90 px-0.5">{plannerMessages.legendUnavailable}</span>
        </li>
        <li className="flex items-center gap-1.5 rounded border border-border px-2 py-0.5">
          <span aria-hidden="true" className={cn("h-3 w-1.5 rounded-full", carOutTone)} />
          {plannerMessages.legendCarOut}
        </li>
      </ul>
      {/*
        One grid for the week: the time column, then a column per day shown; every day's own lanes
        share its rows (subgrid): two header rows, the half-hour rows, a row for cancelled ones.
      */}
      <div
        className="rounded-lg border border-border max-md:px-2 max-md:pb-2 md:grid md:auto-cols-[minmax(0,1fr)] md:grid-cols-[3.5rem] xl:grid-cols-[var(--week-columns)]"
        style={
          {
            gridTemplateRows: `auto auto repeat(${plan.times.length}, 3rem) auto`,
            "--week-columns": weekColumns(plan.days),
          } as CSSProperties
        }
      >
        <div className="text-xs text-muted-foreground max-md:hidden md:row-span-full md:grid md:grid-rows-subgrid" aria-hidden="true">
          <div className="row-span-2 border-b border-border" />
          {plan.times.map((time) => (
            <div key={time} className="border-b border-border/60 px-1 pt-0.5">
              {time}
            </div>
          ))}
          <div />
        </div>
        {plan.days.map((day) => (
          <PlannerDaySection key={day.date} day={day} times={plan.times} focused={day.date === focus} isToday={day.date === today} />
        ))}
      </div>
    </div>
  );
}
