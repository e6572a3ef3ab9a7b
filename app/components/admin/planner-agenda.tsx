import { Link } from "react-router";
import { laneAgenda, type PlannerDay, type PlannerLane } from "~/domain/planner";
import { cn } from "~/lib/cn";
import { servicesLine } from "~/lib/format-services";
import { plannerMessages } from "~/messages";
import { BlockLink, carOutTone, statusTone, unavailableHatch } from "./planner-block";
import { cancelledSummary } from "./planner-grid";
import { AgendaTargets, laneTakes, movesInTimeOnly, usePlannerMove } from "./planner-move";

/**
 * One day of the week planner on a phone: the lanes stacked, each read top to bottom (its
 * appointments, free time and absences in time order), then the courtesy cars and the cancelled
 * appointments. Nothing is wider than the screen: 360 pixels never scroll sideways.
 */
export function DayAgenda({ day, times }: { day: PlannerDay; times: readonly string[] }) {
  const { moving } = usePlannerMove();
  const lanes = day.lanes
    .map((lane, index) => ({ lane, entries: laneAgenda(lane), takes: moving ? laneTakes(lane, index === 0, moving.placeKinds) : null }))
    .filter(({ entries }) => entries.length > 0);
  const usedCars = day.cars.filter((car) => car.active || car.uses.length > 0);
  // A move in time only (work without a lift, laneTakes): the day's open time, first and on its own.
  const timeOnly = movesInTimeOnly(day, moving);
  return (
    <div className="grid gap-4 pt-2 md:hidden">
      {timeOnly ? <TimeOnlyTargets day={day} times={times} /> : null}
      {lanes.map(({ lane, entries, takes }) => (
        <section key={lane.key} aria-label={plannerMessages.laneName(lane)} className="grid gap-1.5">
          <h4 className="text-sm font-semibold">{plannerMessages.laneName(lane)}</h4>
          {lane.kind === "unassigned" ? <p className="text-xs text-muted-foreground">{plannerMessages.unassignedHint}</p> : null}
          <ul className="grid gap-1.5">
            {entries.map((entry) => (
              <li key={`${entry.type}-${entry.type === "block" ? entry.block.id : entry.span.from}`}>
                {entry.type === "block" ? (
                  <BlockLink block={entry.block} laneKind={lane.kind} roomy />
                ) : entry.type === "free" && takes && takes.resourceId !== null ? (
                  // The move mode (issue 28): the lane's free times as buttons, 'Hierher verschieben'.
                  <AgendaTargets lane={lane} span={entry.span} times={times} date={day.date} resourceId={takes.resourceId} />
                ) : entry.type === "free" ? (
                  <p className="rounded-md border border-dashed border-border px-2 py-1 text-sm text-muted-foreground">
                    {plannerMessages.free(entry.span.from, entry.span.to)}
                  </p>
                ) : (
                  <p className={cn("rounded-md border border-orange-600 px-2 py-1 text-sm break-words", unavailableHatch)}>
                    <span className="rounded-sm bg-background/90 px-0.5">
                      {plannerMessages.unavailable(entry.span.from, entry.span.to, entry.span.reason)}
                    </span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {usedCars.length > 0 ? (
        <section aria-label={plannerMessages.cars} className="grid gap-1.5">
          <h4 className="text-sm font-semibold">{plannerMessages.cars}</h4>
          <ul className="grid gap-1.5 text-sm">
            {usedCars.flatMap((car) => [
              ...car.uses.map((use) => (
                <li key={`${car.resourceId}-${use.appointmentId}`}>
                  <Link
                    to={`/admin/termine/${use.appointmentId}`}
                    className="flex min-h-11 items-center gap-2 rounded-md border border-border px-2 py-1 break-words"
                  >
                    <span aria-hidden="true" className={cn("h-4 w-1.5 shrink-0 rounded-full", carOutTone)} />
                    {plannerMessages.carUse(car.name, use.from, use.to, use.customer)}
                  </Link>
                </li>
              )),
              ...car.unavailable.map((span) => (
                <li key={`${car.resourceId}-away-${span.from}`} className="rounded-md border border-orange-600 px-2 py-1 break-words">
                  {car.name}: {plannerMessages.unavailable(span.from, span.to, span.reason)}
                </li>
              )),
              ...(car.uses.length === 0 && car.unavailable.length === 0
                ? [
                    <li key={car.resourceId} className="rounded-md border border-dashed border-border px-2 py-1 text-muted-foreground">
                      {plannerMessages.carFree(car.name)}
                    </li>,
                  ]
                : []),
            ])}
          </ul>
        </section>
      ) : null}
      {day.cancelled.length > 0 ? (
        <section aria-label={plannerMessages.cancelled} className="grid gap-1.5">
          <h4 className="text-sm font-semibold">{plannerMessages.cancelled}</h4>
          <ul className="grid gap-1.5">
            {day.cancelled.map((appointment) => (
              <li key={appointment.id}>
                <Link
                  to={`/admin/termine/${appointment.id}`}
                  aria-label={cancelledSummary(appointment)}
                  className={cn("flex min-h-11 items-center rounded-md border-l-4 px-2 py-1 text-sm break-words", statusTone.storniert)}
                >
                  {appointment.time}–{appointment.endTime} {appointment.name}, {servicesLine(appointment).value}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** The move mode's targets of work without a lift on a phone: each open stretch of the day, under 'Ohne Hebebühne'. */
function TimeOnlyTargets({ day, times }: { day: PlannerDay; times: readonly string[] }) {
  const lane: PlannerLane = {
    key: "no-lift",
    kind: "no-lift",
    name: null,
    active: true,
    columns: 1,
    blocks: [],
    free: day.open,
    unavailable: [],
  };
  const name = plannerMessages.laneName(lane);
  return (
    <section aria-label={name} className="grid gap-1.5">
      <h4 className="text-sm font-semibold">{name}</h4>
      <ul className="grid gap-1.5">
        {day.open.map((span) => (
          <li key={span.from}>
            <AgendaTargets lane={lane} span={span} times={times} date={day.date} resourceId={null} />
          </li>
        ))}
      </ul>
    </section>
  );
}
