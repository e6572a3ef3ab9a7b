import { Move } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import type { AppointmentStatus } from "~/domain/appointment";
import type { LaneKind, PlannerBlock } from "~/domain/planner";
import { cn } from "~/lib/cn";
import { servicesLine } from "~/lib/format-services";
import { appointmentMarks, plannerMessages, plannerMoveMessages, progressLabels } from "~/messages";
import { MOVE_PARAM, MOVE_START_FORM_ID, usePlannerMove } from "./planner-move";

/** The week planner's appointment blocks (app/routes/admin/planner.tsx): in the week's grid and in the phone's day. */

export const statusTone = {
  beantragt: "border-yellow-600 bg-yellow-100 text-yellow-950",
  bestätigt: "border-green-700 bg-green-100 text-green-950",
  storniert: "border-red-700 bg-red-100 text-red-950 line-through decoration-red-800/60",
} as const satisfies Record<AppointmentStatus, string>;

/** Closed time (a holiday, a closure, outside the hours): grey hatching. */
export const closedHatch = "bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--border)_6px_8px)]";
/** Time a resource is absent: orange hatching, told apart from closed time. */
export const unavailableHatch = "bg-[repeating-linear-gradient(45deg,transparent_0_5px,rgb(234_88_12/0.45)_5px_8px)]";
/** A courtesy car out with a customer. */
export const carOutTone = "bg-sky-600 dark:bg-sky-400";

/** The page's one drawing of the 'Verschieben' icon, which every block's control shows (PlannerIcons). */
const MOVE_ICON_ID = "planner-move-icon";

/**
 * The icons the planner's blocks repeat, drawn once (a few hundred copies of the same SVG made up a
 * tenth of the page, decision 054); each block shows them with `<use>`.
 */
export function PlannerIcons() {
  return (
    <svg aria-hidden="true" className="hidden">
      <Move id={MOVE_ICON_ID} />
    </svg>
  );
}

function MoveIcon({ className }: { className: string }) {
  return (
    // The drawing is 24 by 24 (lucide's grid): the view box scales it to the icon's size.
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <use href={`#${MOVE_ICON_ID}`} />
    </svg>
  );
}

/**
 * A block's details after its status and time: service, plate, mechanics, courtesy car, the board's
 * marks (issue 28: 'Telefon', 'überbucht: …', 'Trotzdem eingetragen: …', 'ohne E-Mail'), note.
 */
function details(block: PlannerBlock): string[] {
  return [
    servicesLine(block).value,
    block.licensePlate,
    ...block.mechanics,
    ...block.courtesyCars.map(plannerMessages.courtesyCar),
    block.courtesyCar && block.courtesyCars.length === 0 ? plannerMessages.courtesyCarWished : null,
    ...appointmentMarks.of(block),
    block.internalNote ? `Notiz: ${block.internalNote}` : null,
  ].filter((detail): detail is string => Boolean(detail));
}

/**
 * Everything a block says, status first: its accessible name and tooltip, since
 * a 30-minute block in a narrow lane has room for a few letters of two lines only.
 */
export function blockSummary(block: PlannerBlock): string {
  const status = block.progress ? `${block.status}, ${progressLabels[block.progress]}` : block.status;
  return `${status}: ${block.time}–${block.endTime} ${block.name}, ${details(block).join(", ")}`;
}

/** One line of a block: cut with an ellipsis where the lane ends (the whole text is in the name and tooltip). */
const line = "block truncate";

/**
 * An appointment that opens it (also with the keyboard). In the grid `style` places it; on the phone
 * (`roomy`) it is a list entry with every line readable and a 44-pixel touch target. Beside it its
 * 'Verschieben' button into the move mode (issue 28, a submit button of MOVE_START_FORM_ID; in the grid
 * shown on hover and focus where a pointer can hover), and with JavaScript the block can be dragged onto a free time.
 */
export function BlockLink({
  block,
  laneKind,
  style,
  roomy = false,
}: {
  block: PlannerBlock;
  laneKind: LaneKind;
  style?: CSSProperties;
  roomy?: boolean;
}) {
  const { moving, draggedRef } = usePlannerMove();
  const summary = blockSummary(block);
  const chosen = moving?.id === block.id;
  const movable = block.status !== "storniert";
  const link = (
    <Link
      to={`/admin/termine/${block.id}`}
      aria-label={summary}
      title={summary}
      aria-current={chosen ? "true" : undefined}
      draggable={draggedRef && movable ? true : undefined}
      onDragStart={
        draggedRef && movable
          ? (event) => {
              draggedRef.current = { id: block.id, kind: laneKind };
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", summary);
            }
          : undefined
      }
      onDragEnd={
        draggedRef
          ? () => {
              draggedRef.current = null;
            }
          : undefined
      }
      data-block={block.id}
      className={cn(
        roomy
          ? "flex min-h-11 min-w-0 flex-1 flex-col rounded-md border-l-4 px-2 py-1.5 text-sm leading-snug shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          : // The week's lanes are narrow: smaller type and less air there (app/app.css).
            "planner-block",
        statusTone[block.status],
        // 'überbucht' seen at a glance, also where the narrow week's block has no room for the word.
        block.overbooked && "outline-2 outline-offset-[-2px] outline-orange-600 outline-dashed",
        chosen && "ring-2 ring-primary ring-offset-1",
      )}
    >
      {/* The status first: the line a 30-minute block always has room for. */}
      <span className={cn(roomy ? "block" : line, "font-semibold")}>
        {block.status}
        {block.progress ? ` · ${progressLabels[block.progress]}` : null}
      </span>
      <span className={roomy ? "block" : line}>
        {block.time}–{block.endTime} {block.name}
      </span>
      {roomy ? (
        // Each detail kept whole where it fits ("Mechaniker:in 1" not split at its number), a long note wraps.
        <span className="block break-words">
          {details(block).map((detail, index) => (
            <span key={`${index}-${detail}`}>
              {index > 0 ? " · " : null}
              <span className="inline-block">{detail}</span>
            </span>
          ))}
        </span>
      ) : (
        details(block).map((detail, index) => (
          <span key={`${index}-${detail}`} className={line}>
            {detail}
          </span>
        ))
      )}
    </Link>
  );
  const moveButton =
    movable && !chosen ? (
      <button
        type="submit"
        form={MOVE_START_FORM_ID}
        name={MOVE_PARAM}
        value={block.id}
        aria-label={plannerMoveMessages.start(block.name, block.time, block.endTime)}
        title={plannerMoveMessages.startShort}
        className={
          roomy
            ? "flex min-h-11 w-20 shrink-0 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-md border border-border bg-background px-1 text-xs text-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            : // In a narrow lane a corner, shown where a pointer hovers the block or the keyboard reaches it; always on touch.
              "planner-move-corner"
        }
      >
        <MoveIcon className={roomy ? "size-4" : "size-3"} />
        {roomy ? plannerMoveMessages.startShort : null}
      </button>
    ) : null;
  return (
    <div style={style} className={cn(roomy ? "flex items-stretch gap-1.5" : "group relative z-10 m-0.5 min-w-0 xl:m-px")}>
      {link}
      {moveButton}
    </div>
  );
}
