import { createContext, type DragEvent, type RefObject, useContext, useState } from "react";
import type { LaneKind, PlannerLane, PlannerSpan } from "~/domain/planner";
import { cn } from "~/lib/cn";
import { plannerMessages, plannerMoveMessages } from "~/messages";
import { dayLabel } from "./planner-day-label";

/**
 * Moving a block of the week planner (issue 28), two ways to the one route action (planner.tsx),
 * which moves through the service every move takes (changeAppointment):
 * - with a pointer: drag the block onto a free time of a lane (HTML drag and drop, with JavaScript);
 * - without dragging (a keyboard, a thumb, no JavaScript): the block's 'Verschieben' button opens the
 *   move mode (`?verschieben=<id>`, a submit button of one GET form), whose free times are submit
 *   buttons of one form ('Hierher verschieben'); Escape or 'Abbrechen' leaves it.
 * A target is `date time resourceId` (the lane's lift or inspection place; none where the lane's kind
 * is not one the appointment holds).
 */

/** The appointment the move mode has chosen. */
export type MoveChoice = { id: string; name: string; date: string; time: string; placeKinds: LaneKind[] };

/** What a dragged block carries: its appointment and the kind of the lane it was taken from. */
export type Dragged = { id: string; kind: LaneKind };

export type PlannerMove = {
  /** The appointment chosen in the move mode, null outside it. */
  moving: MoveChoice | null;
  /** The block being dragged (with JavaScript), read while dragging without re-rendering the week. */
  draggedRef?: RefObject<Dragged | null>;
  /** With JavaScript: moves appointment `id` to `target` through the route action. */
  submitMove?: (id: string, target: string) => void;
};

export const PlannerMoveContext = createContext<PlannerMove>({ moving: null });

export const usePlannerMove = () => useContext(PlannerMoveContext);

/** The id of the move mode's one form; the targets are its submit buttons wherever they stand in the grid. */
export const MOVE_FORM_ID = "planner-move";

/** The planner's parameter of the move mode: the id of the appointment chosen to be moved. */
export const MOVE_PARAM = "verschieben";

/**
 * The id of the planner's GET form whose submit buttons are the blocks' 'Verschieben' (`verschieben=<id>`
 * with the page's other parameters): a few hundred links cost a tenth of the page's rendering, one
 * form with buttons does not (decision 054).
 */
export const MOVE_START_FORM_ID = "planner-move-start";

/** The id of day `date`'s GET form to 'Termin eintragen', whose submit buttons are the day's free times (`zeit`). */
export const enterFormId = (date: string) => `planner-enter-${date}`;

export const moveTarget = (date: string, time: string, resourceId: string | null) => [date, time, resourceId ?? ""].join(" ").trim();

/** A posted target: a date, a time and maybe a resource id (checked further by the move itself). */
export function parseMoveTarget(value: unknown): { date: string; time: string; resourceId: string | null } | null {
  if (typeof value !== "string") return null;
  const [date, time, resourceId, ...rest] = value.trim().split(" ");
  if (!date || !time || rest.length > 0) return null;
  return { date, time, resourceId: resourceId || null };
}

const placeKinds: readonly LaneKind[] = ["lift", "inspection"];

/**
 * Whether a lane takes an appointment held in lanes of `kinds` (a lift and an inspection place where it
 * holds them), and which resource the move names: the lane's, when it is of a kind the appointment holds.
 * An appointment that holds neither (work without a lift) is moved in time only, on the day's first lane,
 * over the day's open time (PlannerDay.open) rather than that lane's free time: a lift it does not need
 * does not stand in its way.
 */
export function laneTakes(lane: PlannerLane, firstLane: boolean, kinds: readonly LaneKind[]): { resourceId: string | null } | null {
  if (!placeKinds.includes(lane.kind) || !lane.active) return null;
  const holdsPlaces = kinds.some((kind) => placeKinds.includes(kind));
  if (holdsPlaces) return kinds.includes(lane.kind) ? { resourceId: lane.key } : null;
  return firstLane ? { resourceId: null } : null;
}

/** Whether the chosen appointment moves in time only on `day` (it holds no lift or inspection place): its targets are the day's open time. */
export function movesInTimeOnly(day: { lanes: readonly PlannerLane[] }, moving: MoveChoice | null): boolean {
  const first = day.lanes[0];
  return moving !== null && first !== undefined && laneTakes(first, true, moving.placeKinds)?.resourceId === null;
}

/** The start times of a free span's rows (a span that starts inside a row starts at the next). */
export function spanStarts(span: PlannerSpan, times: readonly string[]): Array<{ row: number; time: string }> {
  return Array.from({ length: span.rows }, (_, index) => span.row + index)
    .map((row) => ({ row, time: times[row]! }))
    .filter(({ time }) => time !== undefined && time >= span.from && time < span.to);
}

/**
 * The move mode's targets of a free span: its start times, but not where the chosen appointment
 * already stands (its own time is free for it, planWeek's `movingId`, and a move there would be none).
 */
function targetStarts(
  lane: PlannerLane,
  span: PlannerSpan,
  times: readonly string[],
  date: string,
  moving: MoveChoice | null,
  resourceId: string | null,
) {
  // A move in time only (resourceId null) stands for the appointment wherever its lane is.
  const standsHere =
    moving !== null && moving.date === date && (resourceId === null || lane.blocks.some((block) => block.id === moving.id));
  return spanStarts(span, times).filter(({ time }) => !(standsHere && time === moving.time));
}

/** The grid row of time row `row` (rows 1 and 2 are the headers), as planner-grid.tsx places everything. */
const gridRow = (row: number) => `${row + 3} / span 1`;

/** A lane's name as a target names it; none for the day's first lane that stands for a move in time only. */
const targetLane = (lane: PlannerLane, resourceId: string | null) => (resourceId === null ? null : plannerMessages.laneName(lane));

/** The move mode's targets of one free span in the week's grid: a button per row, 'Hierher' to the eye. */
export function GridTargets({
  lane,
  span,
  times,
  date,
  column,
  resourceId,
  under = false,
}: {
  lane: PlannerLane;
  span: PlannerSpan;
  times: readonly string[];
  date: string;
  column: string;
  resourceId: string | null;
  /** Beneath the blocks (a move in time only, across the whole day): its free places are the targets. */
  under?: boolean;
}) {
  const { moving } = usePlannerMove();
  return targetStarts(lane, span, times, date, moving, resourceId).map(({ row, time }) => (
    <button
      key={`target-${span.from}-${time}`}
      type="submit"
      form={MOVE_FORM_ID}
      name="target"
      value={moveTarget(date, time, resourceId)}
      aria-label={plannerMoveMessages.target(dayLabel(date), time, targetLane(lane, resourceId))}
      title={plannerMoveMessages.target(dayLabel(date), time, targetLane(lane, resourceId))}
      style={{ gridRow: gridRow(row), gridColumn: column }}
      className={cn(
        under ? "z-[4]" : "z-[11]",
        "m-0.5 cursor-pointer overflow-hidden rounded-sm border border-dashed border-primary/70 bg-primary/5 text-[0.6rem] leading-tight text-primary hover:bg-primary/20 focus-visible:bg-primary/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
      )}
    >
      {plannerMoveMessages.targetShort}
    </button>
  ));
}

/** The move mode's targets of one free span on a phone: a row of times, each a 44-pixel button. */
export function AgendaTargets({
  lane,
  span,
  times,
  date,
  resourceId,
}: {
  lane: PlannerLane;
  span: PlannerSpan;
  times: readonly string[];
  date: string;
  resourceId: string | null;
}) {
  const { moving } = usePlannerMove();
  return (
    <div className="rounded-md border border-dashed border-primary/70 px-2 py-1.5">
      <p className="text-sm text-muted-foreground">{plannerMessages.free(span.from, span.to)}</p>
      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={plannerMessages.freeIn(plannerMessages.laneName(lane), span.from, span.to)}>
        {targetStarts(lane, span, times, date, moving, resourceId).map(({ time }) => (
          <li key={time}>
            <button
              type="submit"
              form={MOVE_FORM_ID}
              name="target"
              value={moveTarget(date, time, resourceId)}
              aria-label={plannerMoveMessages.target(dayLabel(date), time, targetLane(lane, resourceId))}
              className="min-h-11 min-w-14 rounded-md border border-primary bg-background px-2 text-sm font-medium text-primary hover:bg-primary/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {time}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A free span as a drop target while a block is dragged (with JavaScript): the row under the pointer
 * lights up with its time; a drop moves the block there. Spread `handlers` on the span's element.
 */
export function useDropTarget({
  lane,
  span,
  times,
  date,
  firstLane,
}: {
  lane: PlannerLane;
  span: PlannerSpan;
  times: readonly string[];
  date: string;
  firstLane: boolean;
}) {
  const { draggedRef, submitMove } = usePlannerMove();
  const [over, setOver] = useState<{ row: number; time: string } | null>(null);
  if (!draggedRef || !submitMove) return { handlers: {}, over: null };
  const starts = spanStarts(span, times);
  /** The row under the pointer, when the dragged block may go to this lane. */
  const rowAt = (event: DragEvent<HTMLElement>) => {
    const block = draggedRef.current;
    if (!block || starts.length === 0) return null;
    const takes = laneTakes(lane, firstLane, [block.kind]);
    if (!takes) return null;
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientY - box.top) / Math.max(1, box.height)) * span.rows);
    const row = span.row + Math.min(Math.max(index, 0), span.rows - 1);
    const start = starts.find((entry) => entry.row === row) ?? starts[0]!;
    return { ...start, resourceId: takes.resourceId };
  };
  const handlers = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      const at = rowAt(event);
      if (!at) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      if (over?.row !== at.row) setOver({ row: at.row, time: at.time });
    },
    onDragLeave: () => setOver(null),
    onDrop: (event: DragEvent<HTMLElement>) => {
      const at = rowAt(event);
      setOver(null);
      const block = draggedRef.current;
      if (!at || !block) return;
      event.preventDefault();
      submitMove(block.id, moveTarget(date, at.time, at.resourceId));
    },
  };
  return { handlers, over };
}

/** The lit row of a drop target, with the time the block would start at. */
export function DropHighlight({ span, over }: { span: PlannerSpan; over: { row: number; time: string } | null }) {
  if (!over) return null;
  return (
    <span
      aria-hidden="true"
      className={cn("pointer-events-none absolute inset-x-0 rounded-sm bg-primary/25 px-0.5 text-[0.65rem] font-semibold text-primary")}
      style={{ top: `${((over.row - span.row) / span.rows) * 100}%`, height: `${100 / span.rows}%` }}
    >
      {over.time}
    </span>
  );
}
