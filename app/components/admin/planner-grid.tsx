import { Form, Link } from "react-router";
import { laneAgenda, type PlannerDay, type PlannerLane, type PlannerSpan } from "~/domain/planner";
import { cn } from "~/lib/cn";
import { servicesLine } from "~/lib/format-services";
import { moveMessages, plannerMessages, unavailableDayMessage } from "~/messages";
import { BlockLink, carOutTone, closedHatch, statusTone, unavailableHatch } from "./planner-block";
import { DropHighlight, enterFormId, GridTargets, laneTakes, movesInTimeOnly, useDropTarget, usePlannerMove } from "./planner-move";

/**
 * One day of the week planner as a grid (from the tablet's width on): a column per lane side by side,
 * a narrow strip per courtesy car, the half-hour rows shared with the week (the rows of the
 * planner's grid, CSS subgrid). Row 1 is the day's header, row 2 the lanes' names, then the time
 * rows, the last row the cancelled appointments. Each lane's content comes in time order, so a
 * screen reader hears a lane as the phone shows it: appointments, free time, absences.
 */

/** The grid row of time row `row` (rows 1 and 2 are the headers). */
const timeRow = (row: number, rows = 1) => `${row + 3} / span ${rows}`;

/** The grid columns every lane starts at (1-based), and where the car strips start. */
function columnStarts(lanes: readonly PlannerLane[]): { lanes: number[]; cars: number } {
  const starts: number[] = [];
  let next = 1;
  for (const lane of lanes) {
    starts.push(next);
    next += lane.columns;
  }
  return { lanes: starts, cars: next };
}

const laneColumnsOf = (day: PlannerDay) =>
  Math.max(
    1,
    day.lanes.reduce((sum, lane) => sum + lane.columns, 0),
  );

/**
 * The week's columns on a desktop: the time, then each day as wide as its lanes need, so that a
 * day with work without a lift (one lane more) does not squeeze its lifts narrower than the others'.
 */
export function weekColumns(days: readonly PlannerDay[]): string {
  return ["3.5rem", ...days.map((day) => `minmax(0, ${laneColumnsOf(day)}fr)`)].join(" ");
}

/** The columns of a day: its lanes' (equal shares of the day's width), then one narrow strip per courtesy car. */
export function dayColumns(day: PlannerDay): string {
  return [`repeat(${laneColumnsOf(day)}, minmax(0, 1fr))`, day.cars.length > 0 ? `repeat(${day.cars.length}, 1.25rem)` : ""].join(" ");
}

/** A lane's or car's name over its column: upright in a day of its own, turned in the week's narrow lanes. */
function ColumnName({ name, column, span = 1, narrow = false }: { name: string; column: number; span?: number; narrow?: boolean }) {
  return (
    <div style={{ gridRow: "2", gridColumn: `${column} / span ${span}` }} className="planner-lane-name" title={name}>
      <span className={narrow ? "planner-car-name-text" : "planner-lane-name-text"}>{name}</span>
    </div>
  );
}

/**
 * A lane's free time: 'Termin eintragen' at its start (issue 28; a submit button of the day's GET form
 * to /admin/termine/neu, also without JavaScript), and while a block is dragged a drop target whose
 * row under the pointer lights up.
 */
function FreeCell({
  lane,
  span,
  times,
  date,
  column,
  firstLane,
}: {
  lane: PlannerLane;
  span: PlannerSpan;
  times: readonly string[];
  date: string;
  column: string;
  firstLane: boolean;
}) {
  const name = plannerMessages.laneName(lane);
  const { handlers, over } = useDropTarget({ lane, span, times, date, firstLane });
  return (
    <button
      type="submit"
      form={enterFormId(date)}
      name="zeit"
      value={span.from}
      aria-label={`${plannerMessages.freeIn(name, span.from, span.to)} – ${moveMessages.enterTitle}`}
      title={`${moveMessages.enterTitle}: ${span.from}`}
      style={{ gridRow: timeRow(span.row, span.rows), gridColumn: column }}
      className="planner-free"
      data-free-lane={lane.key}
      data-free-from={span.from}
      {...handlers}
    >
      <DropHighlight span={span} over={over} />
    </button>
  );
}

function LaneColumn({
  lane,
  start,
  times,
  date,
  firstLane,
}: {
  lane: PlannerLane;
  start: number;
  times: readonly string[];
  date: string;
  firstLane: boolean;
}) {
  const { moving } = usePlannerMove();
  const rowCount = times.length;
  const name = plannerMessages.laneName(lane);
  const columns = `${start} / span ${lane.columns}`;
  // In the move mode the free time of a lane that takes the chosen appointment offers 'Hierher verschieben'.
  const takes = moving ? laneTakes(lane, firstLane, moving.placeKinds) : null;
  const timeOnly = takes !== null && takes.resourceId === null;
  return (
    <>
      <ColumnName name={name} column={start} span={lane.columns} />
      {/* The lane's edge, and a deactivated resource's lane greyed. */}
      <div
        aria-hidden="true"
        style={{ gridRow: timeRow(0, rowCount), gridColumn: columns }}
        className={cn("border-l border-border/70", !lane.active && "bg-muted/60")}
      />
      {laneAgenda(lane).map((entry) => {
        if (entry.type === "block") {
          const { block } = entry;
          return (
            <BlockLink
              key={`block-${block.id}`}
              block={block}
              laneKind={lane.kind}
              style={{ gridRow: timeRow(block.row, block.rows), gridColumn: `${start + block.column}` }}
            />
          );
        }
        const { span } = entry;
        if (entry.type === "free") {
          // The same span, either way: a free cell (and drop target), or in the move mode its targets.
          const cell = { lane, span, times, date, column: columns };
          if (!moving) return <FreeCell key={`free-${span.from}`} {...cell} firstLane={firstLane} />;
          return takes && !timeOnly ? <GridTargets key={`free-${span.from}`} {...cell} resourceId={takes.resourceId} /> : null;
        }
        const text = plannerMessages.unavailableIn(name, span.from, span.to, entry.span.reason);
        return (
          <div
            key={`away-${span.from}`}
            title={text}
            style={{ gridRow: timeRow(span.row, span.rows), gridColumn: columns }}
            className={cn("z-[5] m-0.5 rounded-sm", unavailableHatch)}
          >
            <span className="sr-only">{text}</span>
          </div>
        );
      })}
    </>
  );
}

/** The day's closed rows as stretches of one reason each (hatched and named once), not a cell per row. */
function closedRuns(cells: PlannerDay["cells"]): Array<{ row: number; rows: number; text: string }> {
  const runs: Array<{ row: number; rows: number; text: string }> = [];
  cells.forEach((cell, row) => {
    if (!cell.closed) return;
    const text = unavailableDayMessage(cell.reason);
    const last = runs.at(-1);
    if (last && last.row + last.rows === row && last.text === text) last.rows += 1;
    else runs.push({ row, rows: 1, text });
  });
  return runs;
}

export const cancelledSummary = (appointment: PlannerDay["cancelled"][number]) =>
  `${appointment.status}: ${appointment.time}–${appointment.endTime} ${appointment.name}, ${servicesLine(appointment).value}`;

/** The grid's parts of one day (inside its section, which is the grid); hidden on a phone. */
export function DayGrid({ day, times }: { day: PlannerDay; times: string[] }) {
  const { moving } = usePlannerMove();
  const starts = columnStarts(day.lanes);
  return (
    <div className="contents max-md:hidden">
      <Form id={enterFormId(day.date)} action="/admin/termine/neu" method="get" hidden>
        <input type="hidden" name="datum" value={day.date} />
      </Form>
      {/* The half-hour rows' lines, one element for the day (app/app.css). */}
      <div aria-hidden="true" style={{ gridRow: timeRow(0, times.length), gridColumn: "1 / -1" }} className="planner-rows" />
      {closedRuns(day.cells).map((run) => (
        <div
          key={`closed-${run.row}`}
          style={{ gridRow: timeRow(run.row, run.rows), gridColumn: "1 / -1" }}
          className={cn("px-1 text-[0.7rem] text-muted-foreground", closedHatch)}
        >
          <span className="relative z-[6] rounded-sm bg-background/80 px-0.5">{run.text}</span>
        </div>
      ))}
      {day.lanes.map((lane, index) => (
        <LaneColumn key={lane.key} lane={lane} start={starts.lanes[index]!} times={times} date={day.date} firstLane={index === 0} />
      ))}
      {/*
        A move in time only (work without a lift, planner-move.tsx laneTakes): the day's open time,
        each row one target across the whole day beneath the blocks, so no lane's blocks are covered.
      */}
      {movesInTimeOnly(day, moving)
        ? day.open.map((span) => (
            <GridTargets
              key={`open-${span.from}`}
              lane={day.lanes[0]!}
              span={span}
              times={times}
              date={day.date}
              column="1 / -1"
              resourceId={null}
              under
            />
          ))
        : null}
      {day.cars.map((car, index) => {
        const column = `${starts.cars + index}`;
        return (
          <div key={car.resourceId} className="contents">
            <ColumnName name={car.name} column={starts.cars + index} narrow />
            <div
              aria-hidden="true"
              style={{ gridRow: timeRow(0, times.length), gridColumn: column }}
              className="border-l border-border/70"
            />
            {car.uses.map((use) => {
              const text = plannerMessages.carUse(car.name, use.from, use.to, use.customer);
              return (
                <Link
                  key={use.appointmentId}
                  to={`/admin/termine/${use.appointmentId}`}
                  aria-label={text}
                  title={text}
                  style={{ gridRow: timeRow(use.row, use.rows), gridColumn: column }}
                  className="z-10 flex justify-center py-0.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className={cn("w-1.5 rounded-full", carOutTone)} />
                </Link>
              );
            })}
            {car.unavailable.map((span) => {
              const text = plannerMessages.unavailableIn(car.name, span.from, span.to, span.reason);
              return (
                <div
                  key={`away-${span.from}`}
                  title={text}
                  style={{ gridRow: timeRow(span.row, span.rows), gridColumn: column }}
                  className={cn("z-[5]", unavailableHatch)}
                >
                  <span className="sr-only">{text}</span>
                </div>
              );
            })}
          </div>
        );
      })}
      {day.cancelled.length > 0 ? (
        <div style={{ gridRow: `${times.length + 3}`, gridColumn: "1 / -1" }} className="border-t border-border p-1">
          <p className="text-[0.7rem] font-medium text-muted-foreground">{plannerMessages.cancelled}</p>
          <ul className="grid gap-0.5">
            {day.cancelled.map((appointment) => (
              <li key={appointment.id}>
                <Link
                  to={`/admin/termine/${appointment.id}`}
                  aria-label={cancelledSummary(appointment)}
                  title={cancelledSummary(appointment)}
                  className={cn("block truncate rounded-sm border-l-4 px-1 text-[0.7rem]", statusTone.storniert)}
                >
                  {appointment.time} {appointment.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
