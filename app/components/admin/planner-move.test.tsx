import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type PlannerAppointment, type PlannerHold, type PlannerResource, planWeek } from "~/domain/planner";
import { siteSlotRules } from "../../../tests/support/slot-rules";
import { DayAgenda } from "./planner-agenda";
import { DayGrid } from "./planner-grid";
import { type MoveChoice, PlannerMoveContext } from "./planner-move";

/**
 * The planner's move mode (issue 28): which 'Hierher verschieben' targets a chosen appointment is
 * offered, in the week's grid and on a phone's agenda (the same form, so the same target values).
 */

const date = "2026-12-15"; // a Tuesday, open 08:00–18:00 by the default hours
const resources: PlannerResource[] = [
  { id: "l1", kind: "lift", name: "Hebebühne 1", active: true },
  { id: "l2", kind: "lift", name: "Hebebühne 2", active: true },
  { id: "m1", kind: "mechanic", name: "Mechaniker:in 1", active: true },
  { id: "m2", kind: "mechanic", name: "Mechaniker:in 2", active: true },
];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const hold = (resource: PlannerResource, from: string, to: string): PlannerHold => ({
  resourceId: resource.id,
  name: resource.name,
  kind: resource.kind,
  startMinutes: minutes(from),
  endMinutes: minutes(to),
});
const appointment = (id: string, time: string, end: string, held: PlannerResource[], service = "Ölwechsel"): PlannerAppointment => ({
  id,
  name: `Kunde ${id}`,
  date,
  time,
  durationMinutes: minutes(end) - minutes(time),
  service,
  services: [service],
  status: "bestätigt",
  licensePlate: null,
  internalNote: null,
  progress: null,
  courtesyCar: false,
  source: "phone",
  overrideReason: null,
  overbooked: false,
  missing: [],
  hasEmail: false,
  holds: held.map((resource) => hold(resource, time, end)),
});

const [lift1, lift2, mechanic1, mechanic2] = resources as [PlannerResource, PlannerResource, PlannerResource, PlannerResource];
// Lift 1 is busy from 10:00 to 12:00; an oil change stands on lift 2 at 09:00; an Elektrik at 15:00 needs no lift.
const appointments = [
  appointment("busy", "10:00", "12:00", [lift1, mechanic1]),
  appointment("oil", "09:00", "09:30", [lift2, mechanic2]),
  appointment("electric", "15:00", "15:30", [mechanic1], "Elektrik"),
];

/** The move mode's target values ("date time resourceId") in the grid and in the agenda of the day, for `moving`. */
function targets(moving: MoveChoice) {
  const plan = planWeek(date, { appointments, resources, absences: [] }, siteSlotRules, moving.id);
  const day = plan.days.find((entry) => entry.date === date)!;
  const html = (node: React.ReactNode) => {
    // A data router: the grid's free times and 'Verschieben' are buttons of React Router forms.
    const Page = createRoutesStub([
      { path: "/", Component: () => <PlannerMoveContext.Provider value={{ moving }}>{node}</PlannerMoveContext.Provider> },
    ]);
    return renderToStaticMarkup(<Page />);
  };
  const values = (markup: string) =>
    (markup.match(/<button[^>]*name="target"[^>]*>/g) ?? []).map((button) => /value="([^"]*)"/.exec(button)![1]!);
  const [gridHtml, agendaHtml] = [html(<DayGrid day={day} times={plan.times} />), html(<DayAgenda day={day} times={plan.times} />)];
  return { grid: values(gridHtml), agenda: values(agendaHtml), gridHtml, agendaHtml };
}

const choice = (id: string, time: string, placeKinds: MoveChoice["placeKinds"]): MoveChoice => ({
  id,
  name: `Kunde ${id}`,
  date,
  time,
  placeKinds,
});

describe("the planner's move mode", () => {
  it("offers a lift's appointment half an hour later on its own lift (its old time is free for it), not where it already stands", () => {
    const { grid, agenda } = targets(choice("oil", "09:00", ["lift"]));
    expect(grid).toContain(`${date} 09:30 l2`);
    expect(grid).toContain(`${date} 08:30 l2`);
    expect(grid).not.toContain(`${date} 09:00 l2`);
    // The other lift: its free time, not its busy one.
    expect(grid).toContain(`${date} 09:00 l1`);
    expect(grid).not.toContain(`${date} 10:30 l1`);
    expect(new Set(agenda)).toEqual(new Set(grid));
  });

  it("offers work without a lift every open time of the day, also where the first lift is busy, in time only", () => {
    const { grid, agenda, gridHtml, agendaHtml } = targets(choice("electric", "15:00", []));
    // In the grid across the whole day beneath the blocks (no lane's blocks covered); on a phone first, under 'Ohne Hebebühne'.
    expect(gridHtml.match(/<button[^>]*name="target"[^>]*>/g)!.every((button) => button.includes("grid-column:1 / -1"))).toBe(true);
    expect(agendaHtml.indexOf('<section aria-label="Ohne Hebebühne"')).toBeGreaterThanOrEqual(0);
    expect(agendaHtml.indexOf('<section aria-label="Ohne Hebebühne"')).toBeLessThan(
      agendaHtml.indexOf('<section aria-label="Hebebühne 1"'),
    );
    // No lift named: the move keeps it off the lifts and checks its mechanic.
    expect(grid.every((value) => value.split(" ").length === 2)).toBe(true);
    expect(grid).toContain(`${date} 10:30`);
    expect(grid).toContain(`${date} 08:00`);
    expect(grid).toContain(`${date} 17:30`);
    expect(grid).not.toContain(`${date} 15:00`);
    expect(new Set(agenda)).toEqual(new Set(grid));
  });
});
