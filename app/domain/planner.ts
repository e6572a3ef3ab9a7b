import type { Weekday } from "~/config/site";
import type { AppointmentSource, AppointmentStatus, ProgressState } from "./appointment";
import { addDays, type CalendarDate, minutesToTime, timeToMinutes, weekday } from "./calendar-date";
import { dayClosure } from "./closures";
import { type ResourceKind, resourceKinds } from "./resources";
import { type ClosedDay, closingTime, closureReason, type SlotRules } from "./slots";

/**
 * The board's week planner (issue 15) with a lane per lift and per inspection place (issue 27), as
 * pure layout: the week's days (Monday to Saturday), the time rows of the slot grid, each
 * appointment as a block in the lane of the resource it holds, from its start row over as many rows
 * as it lasts; which rows are closed (a holiday, a closure, outside the day's hours); each lane's
 * free time and the time its resource is absent; a strip per courtesy car (which car is out when);
 * the day's absences (a mechanic's holiday). Also the day list's groups (dayListGroups), so the
 * printed list and the planner put an appointment in the same lane.
 */

/** One resource an appointment holds, from `startMinutes` to `endMinutes` (wall-clock minutes of its day in Vienna). */
export type PlannerHold = { resourceId: string; name: string; kind: ResourceKind; startMinutes: number; endMinutes: number };

export type PlannerAppointment = {
  id: string;
  name: string;
  date: CalendarDate;
  time: string;
  durationMinutes: number;
  service: string;
  /** The whole list of the visit (issue 28), `service` first. */
  services: string[];
  status: AppointmentStatus;
  licensePlate: string | null;
  internalNote: string | null;
  progress: ProgressState | null;
  /** The customer asked for a courtesy car (its hold, when it got one, is among `holds`). */
  courtesyCar: boolean;
  /** How it came in, and 'Trotzdem eintragen' (issue 28): the reason, and whether a resource is missing ('überbucht'). */
  source: AppointmentSource;
  overrideReason: string | null;
  overbooked: boolean;
  /** The kinds it holds none of although its services need them: what an 'überbucht' one could not get. */
  missing: ResourceKind[];
  /** False: entered for a caller without an address, who gets no e-mails. */
  hasEmail: boolean;
  /** Its active holds (none for a cancelled one, or one nothing was free for). */
  holds: PlannerHold[];
};

export type PlannerResource = { id: string; name: string; kind: ResourceKind; active: boolean };

/** An absence from `fromDate` to `toDate`, on its first day from `startTime` on when given (null: whole days). */
export type PlannerAbsence = { resourceId: string; fromDate: CalendarDate; toDate: CalendarDate; startTime: string | null; reason: string };

/** What the planner and the day list read for a range of days (app/services/planner.server.ts). */
export type WorkshopWeek<A extends { holds: PlannerHold[] } = PlannerAppointment> = {
  appointments: A[];
  /** Every resource, active or not: a deactivated lift still shows the appointments it holds. */
  resources: PlannerResource[];
  absences: PlannerAbsence[];
};

/**
 * A lane: one lift or inspection place, or one of two lanes for work that holds neither. Work that
 * needs only a mechanic (Elektrik, Express-Service) goes to 'no-lift' ("Ohne Hebebühne") rather
 * than under its mechanic: the lanes are the places a car stands, which is what an owner plans
 * first and reads at a glance, and a lane per mechanic beside them would halve every lane's width;
 * each block names its mechanic instead. 'unassigned' ("Ohne Zuordnung") holds the active
 * appointments that hold nothing (an old or imported one nothing was free for): never lost.
 */
export type LaneKind = "lift" | "inspection" | "no-lift" | "unassigned";

/** A stretch of a day, as times and as grid rows (from row `row` over `rows` rows). */
export type PlannerSpan = { from: string; to: string; row: number; rows: number };

/** An appointment in a lane: from its row over its rows, in side-by-side column `column` of its lane. */
export type PlannerBlock = Omit<PlannerAppointment, "holds"> & {
  endTime: string;
  row: number;
  rows: number;
  column: number;
  /** The names of the mechanics and the courtesy cars it holds. */
  mechanics: string[];
  courtesyCars: string[];
};

export type PlannerLane = {
  /** The resource's id, or the lane kind of a catch-all lane. */
  key: string;
  kind: LaneKind;
  /** The lift's or inspection place's name; null for the catch-all lanes (the page names them). */
  name: string | null;
  /** False for a deactivated resource that still holds appointments: it has no free time. */
  active: boolean;
  /** Side-by-side columns the lane needs so that no two blocks overlap (at least 1). */
  columns: number;
  blocks: PlannerBlock[];
  /** Open time no appointment holds and the resource is there (resource lanes only). */
  free: PlannerSpan[];
  /** Open time the resource is absent (out of service), with why. */
  unavailable: Array<PlannerSpan & { reason: string }>;
};

/** A courtesy car's day: whom it is out with when. */
export type PlannerCar = {
  resourceId: string;
  name: string;
  active: boolean;
  uses: Array<PlannerSpan & { appointmentId: string; customer: string; status: AppointmentStatus }>;
  unavailable: Array<PlannerSpan & { reason: string }>;
};

/** A resource absent on a day: all day (`from` null) or from a time on. */
export type DayAbsence = { resourceId: string; name: string; kind: ResourceKind; from: string | null; reason: string };

/** Why a time row is closed: the whole day is, or the row lies outside the day's opening hours. */
export type ClosedRow = ClosedDay | { code: "outside-hours" } | { code: "lunch-break" };

export type PlannerDay = {
  date: CalendarDate;
  /** Why the whole day is closed (holiday, closure, no opening hours), if it is. */
  closedReason: ClosedDay | null;
  /** Per time row: closed (with why), or open. */
  cells: ({ closed: true; reason: ClosedRow } | { closed: false })[];
  /**
   * The time the workshop works that day, without its lunch break: where the move mode offers work
   * that holds no lift or inspection place (its mechanic is the move's to check, not a lane's).
   */
  open: PlannerSpan[];
  /** The lifts, the inspection places, then 'no-lift' and 'unassigned' when the day has such work. */
  lanes: PlannerLane[];
  cars: PlannerCar[];
  absences: DayAbsence[];
  /** Cancelled appointments: shown (whom, when, what), but they hold no place (their holds ended). */
  cancelled: Array<Pick<PlannerAppointment, "id" | "name" | "status" | "time" | "service" | "services"> & { endTime: string }>;
};

export type WeekPlan = { monday: CalendarDate; times: string[]; days: PlannerDay[] };

const byName = new Intl.Collator("de-AT", { numeric: true });
/** localeCompare(…, "de") without building a collator on every call (the planner sorts hundreds of blocks). */
const byCustomer = new Intl.Collator("de");
const laneKinds: ReadonlyArray<ResourceKind> = ["lift", "inspection"];

/** The Monday of the week that holds `date` (weeks run Monday to Sunday; the workshop plans Monday to Saturday). */
export function mondayOf(date: CalendarDate): CalendarDate {
  return addDays(date, -((weekday(date) + 6) % 7));
}

/** The time rows: every slot start from the week's earliest opening to its latest closing, in order. */
function weekTimes(rules: SlotRules): string[] {
  const days = ([1, 2, 3, 4, 5, 6] as Weekday[]).flatMap((day) => rules.openingHours[day] ?? []);
  if (days.length === 0) return [];
  const first = Math.min(...days.map((hours) => timeToMinutes(hours.open)));
  const last = Math.max(...days.map((hours) => timeToMinutes(hours.close)));
  const times: string[] = [];
  for (let minutes = first; minutes < last; minutes += rules.slotMinutes) times.push(minutesToTime(minutes));
  return times;
}

/** Minutes → grid rows; a time outside the grid is drawn at its edge, so nothing falls off the page. */
function spanOf(times: string[], rules: SlotRules, start: number, end: number): PlannerSpan {
  const first = times.length > 0 ? timeToMinutes(times[0]!) : 0;
  const count = Math.max(1, times.length);
  const row = Math.min(Math.max(0, Math.floor((start - first) / rules.slotMinutes)), count - 1);
  const endRow = Math.min(Math.max(row + 1, Math.ceil((end - first) / rules.slotMinutes)), count);
  return { from: minutesToTime(start), to: minutesToTime(end), row, rows: endRow - row };
}

const isActive = (appointment: { status: AppointmentStatus }) => appointment.status !== "storniert";

/**
 * The lanes a week's (or a day's) appointments need, in order: every active lift, then every active
 * inspection place, each by name ("Hebebühne 2" before "Hebebühne 10"), and a deactivated one only
 * while it still holds one of `appointments`.
 */
function resourceLanes(
  resources: readonly PlannerResource[],
  appointments: ReadonlyArray<{ holds: PlannerHold[] }>,
  kinds: ReadonlyArray<ResourceKind>,
): PlannerResource[] {
  const held = new Map(appointments.flatMap((appointment) => appointment.holds.map((hold) => [hold.resourceId, hold] as const)));
  const known = new Set(resources.map((resource) => resource.id));
  // A hold names its resource itself: a lane even if the list lacked it.
  const unlisted = [...held.values()]
    .filter((hold) => !known.has(hold.resourceId))
    .map((hold) => ({ id: hold.resourceId, name: hold.name, kind: hold.kind, active: false }));
  return [...resources, ...unlisted]
    .filter((resource) => kinds.includes(resource.kind) && (resource.active || held.has(resource.id)))
    .sort((a, b) => resourceKinds.indexOf(a.kind) - resourceKinds.indexOf(b.kind) || byName.compare(a.name, b.name));
}

/**
 * Where an active appointment's blocks go: one in the lane of every lift and inspection place it
 * holds (there the hold's time counts); without one, a single block in 'no-lift' when it holds
 * anything else (a mechanic), else in 'unassigned'.
 */
function lanesOf(
  appointment: Pick<PlannerAppointment, "time" | "durationMinutes" | "holds">,
): Array<{ key: string; kind: LaneKind; start: number; end: number }> {
  const places = appointment.holds.filter((hold) => laneKinds.includes(hold.kind));
  if (places.length > 0) {
    return places.map((hold) => ({ key: hold.resourceId, kind: hold.kind as LaneKind, start: hold.startMinutes, end: hold.endMinutes }));
  }
  const start = timeToMinutes(appointment.time);
  const kind = appointment.holds.length > 0 ? "no-lift" : "unassigned";
  return [{ key: kind, kind, start, end: start + appointment.durationMinutes }];
}

const namesOf = (holds: readonly PlannerHold[], kind: ResourceKind) =>
  holds
    .filter((hold) => hold.kind === kind)
    .map((hold) => hold.name)
    .sort(byName.compare);

/** Each block takes the first column of its lane that is free from its row on (greedy interval colouring). */
function inColumns(placed: Array<Omit<PlannerBlock, "column">>): { blocks: PlannerBlock[]; columns: number } {
  const columnEnds: number[] = [];
  const blocks = [...placed]
    .sort((a, b) => a.row - b.row || a.time.localeCompare(b.time) || byCustomer.compare(a.name, b.name))
    .map((block): PlannerBlock => {
      let column = columnEnds.findIndex((end) => end <= block.row);
      if (column === -1) column = columnEnds.length;
      columnEnds[column] = block.row + block.rows;
      return { ...block, column };
    });
  return { blocks, columns: Math.max(1, columnEnds.length) };
}

/** [from, to) less the busy stretches, in order. */
function gaps(from: number, to: number, busy: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const free: Array<[number, number]> = [];
  let at = from;
  for (const [start, end] of [...busy].sort((a, b) => a[0] - b[0])) {
    if (start > at) free.push([at, Math.min(start, to)]);
    at = Math.max(at, end);
    if (at >= to) break;
  }
  if (at < to) free.push([at, to]);
  return free.filter(([start, end]) => start < end);
}

/** The absences of `date` of the active resources (a deactivated one is not missed), kinds in the board's order, by name within. */
export function absencesOn(date: CalendarDate, absences: readonly PlannerAbsence[], resources: readonly PlannerResource[]): DayAbsence[] {
  const byId = new Map(resources.filter((resource) => resource.active).map((resource) => [resource.id, resource]));
  return absences
    .filter((absence) => absence.fromDate <= date && absence.toDate >= date && byId.has(absence.resourceId))
    .map((absence) => {
      const resource = byId.get(absence.resourceId)!;
      const from = absence.fromDate === date ? absence.startTime : null;
      return { resourceId: resource.id, name: resource.name, kind: resource.kind, from, reason: absence.reason };
    })
    .sort((a, b) => resourceKinds.indexOf(a.kind) - resourceKinds.indexOf(b.kind) || byName.compare(a.name, b.name));
}

function dayPlan(
  date: CalendarDate,
  times: string[],
  week: WorkshopWeek,
  places: PlannerResource[],
  carResources: PlannerResource[],
  rules: SlotRules,
  movingId: string | null,
): PlannerDay {
  const closedReason = closureReason(date, rules) ?? null;
  const hours = rules.openingHours[weekday(date) as Weekday];
  const partial = dayClosure(date, rules.closures);
  const closing = closingTime(date, rules);
  // The time the workshop works that day, [open, close): none on a closed day.
  const open = !closedReason && hours && closing ? ([timeToMinutes(hours.open), timeToMinutes(closing)] as const) : null;
  // The lunch break (issue 29): closed rows, and no free time offered in it.
  const lunch = hours?.breakFrom && hours.breakTo ? ([timeToMinutes(hours.breakFrom), timeToMinutes(hours.breakTo)] as const) : null;
  const cells = times.map((time): PlannerDay["cells"][number] => {
    if (closedReason) return { closed: true, reason: closedReason };
    if (!hours || timeToMinutes(time) < timeToMinutes(hours.open) || timeToMinutes(time) >= timeToMinutes(hours.close)) {
      return { closed: true, reason: { code: "outside-hours" } };
    }
    if (partial?.fromMinutes != null && timeToMinutes(time) >= partial.fromMinutes) {
      return { closed: true, reason: { code: "closure", name: partial.name } };
    }
    if (lunch && timeToMinutes(time) >= lunch[0] && timeToMinutes(time) < lunch[1])
      return { closed: true, reason: { code: "lunch-break" } };
    return { closed: false };
  });
  const span = (start: number, end: number) => spanOf(times, rules, start, end);
  const ofDay = week.appointments.filter((appointment) => appointment.date === date);
  const absences = absencesOn(date, week.absences, week.resources);
  /** The open time `resourceId` is absent, with why (an absence from a time counts from then). */
  const unavailableOf = (resourceId: string) =>
    open
      ? absences.flatMap((absence) => {
          if (absence.resourceId !== resourceId) return [];
          const start = Math.max(open[0], absence.from === null ? open[0] : timeToMinutes(absence.from));
          return start < open[1] ? [{ ...span(start, open[1]), reason: absence.reason }] : [];
        })
      : [];

  const placed = new Map<string, Array<Omit<PlannerBlock, "column">>>();
  for (const appointment of ofDay.filter(isActive)) {
    const { holds: _holds, ...shown } = appointment;
    const endTime = minutesToTime(timeToMinutes(appointment.time) + appointment.durationMinutes);
    const people = { mechanics: namesOf(appointment.holds, "mechanic"), courtesyCars: namesOf(appointment.holds, "courtesy_car") };
    for (const lane of lanesOf(appointment)) {
      const { row, rows } = span(lane.start, lane.end);
      const block = { ...shown, ...people, endTime, row, rows };
      const inLane = placed.get(lane.key);
      if (inLane) inLane.push(block);
      else placed.set(lane.key, [block]);
    }
  }
  const lane = (key: string, kind: LaneKind, resource: PlannerResource | null): PlannerLane => {
    const { blocks, columns } = inColumns(placed.get(key) ?? []);
    const unavailable = resource ? unavailableOf(resource.id) : [];
    // The appointment being moved does not stand in its own way: a shift by half an hour is a free time for it.
    const busy = [
      ...blocks.filter((block) => block.id !== movingId).map((block) => [timeToMinutes(block.time), timeToMinutes(block.endTime)] as const),
      ...unavailable.map((stretch) => [timeToMinutes(stretch.from), timeToMinutes(stretch.to)] as const),
      ...(lunch ? [lunch] : []),
    ];
    const free = resource?.active && open ? gaps(open[0], open[1], busy).map(([start, end]) => span(start, end)) : [];
    return { key, kind, name: resource?.name ?? null, active: resource?.active ?? true, columns, blocks, free, unavailable };
  };
  const lanes = [
    ...places.map((resource) => lane(resource.id, resource.kind as LaneKind, resource)),
    ...(["no-lift", "unassigned"] as const).filter((key) => placed.has(key)).map((key) => lane(key, key, null)),
  ];

  const cars = carResources.map((car): PlannerCar => {
    const uses = ofDay.filter(isActive).flatMap((appointment) =>
      appointment.holds
        .filter((hold) => hold.resourceId === car.id)
        .map((hold) => ({
          ...span(hold.startMinutes, hold.endMinutes),
          appointmentId: appointment.id,
          customer: appointment.name,
          status: appointment.status,
        })),
    );
    return { resourceId: car.id, name: car.name, active: car.active, uses, unavailable: unavailableOf(car.id) };
  });

  const cancelled = ofDay
    .filter((appointment) => !isActive(appointment))
    .map(({ id, name, status, time, service, services, durationMinutes }) => ({
      id,
      name,
      status,
      time,
      service,
      services,
      endTime: minutesToTime(timeToMinutes(time) + durationMinutes),
    }));
  const openSpans = open ? gaps(open[0], open[1], lunch ? [lunch] : []).map(([start, end]) => span(start, end)) : [];
  return { date, closedReason, cells, open: openSpans, lanes, cars, absences, cancelled };
}

/**
 * The week of `date`, Monday to Saturday, with its appointments (any status) placed in their lanes.
 * With `movingId` (the planner's move mode, issue 28) that appointment's own time counts as free in
 * its lanes, as a move places it: its old time does not count against it.
 */
export function planWeek(date: CalendarDate, week: WorkshopWeek, rules: SlotRules, movingId: string | null = null): WeekPlan {
  const monday = mondayOf(date);
  const times = weekTimes(rules);
  const active = week.appointments.filter(isActive);
  const places = resourceLanes(week.resources, active, laneKinds);
  const cars = resourceLanes(week.resources, active, ["courtesy_car"]);
  const days = [0, 1, 2, 3, 4, 5].map((offset) => dayPlan(addDays(monday, offset), times, week, places, cars, rules, movingId));
  return { monday, times, days };
}

/** One entry of a lane read top to bottom (the phone's day): an appointment, free time, or time the resource is away. */
export type LaneEntry =
  | { type: "block"; at: string; block: PlannerBlock }
  | { type: "free"; at: string; span: PlannerSpan }
  | { type: "unavailable"; at: string; span: PlannerSpan & { reason: string } };

/** A lane's blocks, free time and absences in time order. */
export function laneAgenda(lane: PlannerLane): LaneEntry[] {
  return [
    ...lane.blocks.map((block): LaneEntry => ({ type: "block", at: block.time, block })),
    ...lane.free.map((span): LaneEntry => ({ type: "free", at: span.from, span })),
    ...lane.unavailable.map((span): LaneEntry => ({ type: "unavailable", at: span.from, span })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/** A group of the day list: a lane with its appointments in time order, each with the mechanics and cars it holds. */
export type DayListGroup<A> = {
  key: string;
  kind: LaneKind;
  name: string | null;
  active: boolean;
  appointments: Array<Omit<A, "holds"> & { mechanics: string[]; courtesyCars: string[] }>;
};

/**
 * The day list's groups (the mechanics' printed board): per lift, then per inspection place (each
 * active one, also without appointments, so a free lift is seen), then 'no-lift' and 'unassigned'
 * when the day has such work. An appointment is listed once, in its first lane; cancelled ones not at all.
 */
export function dayListGroups<A extends Pick<PlannerAppointment, "id" | "time" | "durationMinutes" | "status" | "holds">>(
  appointments: readonly A[],
  resources: readonly PlannerResource[],
): DayListGroup<A>[] {
  const active = appointments.filter(isActive);
  const groups = new Map<string, DayListGroup<A>>(
    resourceLanes(resources, active, laneKinds).map((resource) => [
      resource.id,
      { key: resource.id, kind: resource.kind as LaneKind, name: resource.name, active: resource.active, appointments: [] },
    ]),
  );
  for (const appointment of [...active].sort((a, b) => a.time.localeCompare(b.time))) {
    const { holds, ...shown } = appointment;
    const { key, kind } = lanesOf(appointment)[0]!;
    if (!groups.has(key)) groups.set(key, { key, kind, name: null, active: true, appointments: [] });
    groups.get(key)!.appointments.push({ ...shown, mechanics: namesOf(holds, "mechanic"), courtesyCars: namesOf(holds, "courtesy_car") });
  }
  // Resource lanes first (in the order above), the catch-all lanes after them.
  const order = (group: DayListGroup<A>) => (group.kind === "no-lift" ? 1 : group.kind === "unassigned" ? 2 : 0);
  return [...groups.values()].sort((a, b) => order(a) - order(b));
}
