import { type CSSProperties, useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { data, Form, Link, useLocation, useNavigate, useSubmit } from "react-router";
import { ActionNotice, type AdminActionData, answerOrFailure, bodyErrorData, failureData } from "~/components/admin/action-result";
import { revalidateAfterAppointmentAction } from "~/components/admin/appointment-intents";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { carOutTone, closedHatch, PlannerIcons, statusTone, unavailableHatch } from "~/components/admin/planner-block";
import { PlannerDaySection } from "~/components/admin/planner-day";
import { dayLabel } from "~/components/admin/planner-day-label";
import { weekColumns } from "~/components/admin/planner-grid";
import {
  type Dragged,
  MOVE_FORM_ID,
  MOVE_PARAM,
  MOVE_START_FORM_ID,
  type MoveChoice,
  parseMoveTarget,
  type PlannerMove,
  PlannerMoveContext,
} from "~/components/admin/planner-move";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { adminContext, databaseContext } from "~/context";
import { slotOccupyingStatuses } from "~/domain/appointment";
import { addDays, isCalendarDate, weekday, zonedParts } from "~/domain/calendar-date";
import { type LaneKind, mondayOf, planWeek } from "~/domain/planner";
import { fail } from "~/domain/result";
import { visitFactsOf } from "~/domain/workshop";
import { statusOf } from "~/http-status";
import { cn } from "~/lib/cn";
import { formatIsoDateDE } from "~/lib/format-date";
import { readFormFields } from "~/lib/http.server";
import { moveMessages, moveRefusal, plannerMessages, plannerMoveMessages } from "~/messages";
import { changeAppointment } from "~/services/appointment-moves.server";
import { isAppointmentId } from "~/services/appointment-queries.server";
import { rulesWithClosures } from "~/services/closures.server";
import { selfServiceConfig } from "~/services/customer-appointment.server";
import { plannerAppointment, plannerWeek } from "~/services/planner.server";
import { mainPhoneNumber } from "~/services/public-facts.server";
import { listResources } from "~/services/resources.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/planner";

export const meta: Route.MetaFunction = () => [
  { title: "Wochenplaner – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Der Wochenplaner konnte nicht geladen werden." };

const dayNames = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"];

const placeKindsOf = (holds: ReadonlyArray<{ kind: string }>): LaneKind[] =>
  (["lift", "inspection"] as const).filter((kind) => holds.some((hold) => hold.kind === kind));

/**
 * /admin/planer?date=YYYY-MM-DD: the week of that date (Monday–Saturday) with a lane per lift and
 * inspection place (issue 27); below the desktop's width that one day. With `verschieben=<id>` the
 * move mode (issue 28): that appointment chosen, the free times that take it offered as targets.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const requested = search.get("date") ?? "";
  const today = zonedParts(new Date(), site.timeZone).date;
  const date = isCalendarDate(requested) ? requested : today;
  const db = context.get(databaseContext);
  const monday = mondayOf(date);
  const saturday = addDays(monday, 5);
  const movingId = search.get(MOVE_PARAM) ?? "";
  // The workshop's own hours with their lunch break (issue 29), from the cached facts.
  const workshop = visitFactsOf(await workshopFacts(db));
  const [rules, week, chosen] = await Promise.all([
    rulesWithClosures(db, workshop.rules, monday, saturday),
    plannerWeek(db, monday, saturday, workshop),
    isAppointmentId(movingId) ? plannerAppointment(db, movingId, workshop) : null,
  ]);
  // Only an appointment that holds a time can be moved (a cancelled one is refused by the move too).
  const moving: MoveChoice | null =
    chosen && slotOccupyingStatuses.includes(chosen.status)
      ? { id: chosen.id, name: chosen.name, date: chosen.date, time: chosen.time, placeKinds: placeKindsOf(chosen.holds) }
      : null;
  const plan = planWeek(date, week, rules, moving?.id ?? null);
  // Below the desktop's width one day at a time: the asked one, or Monday when it is a Sunday.
  const focus = weekday(date) === 0 ? monday : date;
  return { plan, focus, today, moving, movingRefused: movingId !== "" && moving === null };
}

/**
 * Moves a block (issue 28): `intent=move`, `id` and `target` ("date time [resourceId]", the lane's
 * lift or inspection place), posted by the move mode's form (also without JavaScript) and by a drop.
 * The same service as PATCH /api/v1/admin/appointments/:id: the same locks and guarantees, 409 with
 * the German reason, and a moved confirmed appointment e-mails the customer 'Ihr Termin wurde verschoben'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return bodyErrorData(body.bodyError);
  const { id, target } = body.fields;
  const at = parseMoveTarget(target);
  if (!at)
    return data<AdminActionData>(failureData("move", `${plannerMoveMessages.failed} ${plannerMoveMessages.noTarget}`), { status: 400 });
  const result = isAppointmentId(id)
    ? await changeAppointment(context.get(databaseContext), {
        id,
        input: { date: at.date, time: at.time, ...(at.resourceId ? { resourceIds: [at.resourceId] } : {}) },
        admin: context.get(adminContext),
        selfCancelCutoffHours: (await selfServiceConfig(context.get(databaseContext))).cancelCutoffHours,
      })
    : fail("notFound");
  if (result.ok) {
    const lane = at.resourceId ? await laneName(context, at.resourceId) : null;
    return data<AdminActionData>({
      ok: true,
      intent: "move",
      ...plannerMoveMessages.moved(dayLabel(result.value.date), result.value.time, lane, result.value.emailQueued),
    });
  }
  const { error } = moveRefusal(result, await mainPhoneNumber(context.get(databaseContext)));
  return data<AdminActionData>(failureData("move", `${plannerMoveMessages.failed} ${error}`), { status: statusOf(result.code) });
}

/** The name of the lift or inspection place a move named, for its answer. */
async function laneName(context: Route.ActionArgs["context"], resourceId: string): Promise<string | null> {
  const resources = await listResources(context.get(databaseContext));
  return resources.find((resource) => resource.id === resourceId)?.name ?? null;
}

/** In the browser: a dropped connection or a failed server says the block was not moved, and the week stays. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerOrFailure(serverAction, () => failureData("move", plannerMoveMessages.failed));
}

/** After a refused move (404, 409) the week reloads too: someone else was faster. */
export const shouldRevalidate = revalidateAfterAppointmentAction;

const legendChip = "rounded border-l-4 px-2 py-0.5";

/**
 * The move mode and the drag's state for the week's blocks and free times (planner-move.tsx): the
 * URLs in and out of the move mode, and with JavaScript the drop's post to this route's action.
 */
function usePlannerMoveState(moving: MoveChoice | null): { context: PlannerMove; hrefFor: (id: string | null) => string } {
  const location = useLocation();
  const submit = useSubmit();
  const navigate = useNavigate();
  const draggedRef = useRef<Dragged | null>(null);
  const hrefFor = useCallback(
    (id: string | null) => {
      const search = new URLSearchParams(location.search);
      if (id === null) search.delete(MOVE_PARAM);
      else search.set(MOVE_PARAM, id);
      const query = search.toString();
      return `${location.pathname}${query ? `?${query}` : ""}`;
    },
    [location.pathname, location.search],
  );
  const submitMove = useCallback(
    (id: string, target: string) => {
      void submit({ intent: "move", id, target }, { method: "post", action: hrefFor(null), preventScrollReset: true });
    },
    [submit, hrefFor],
  );
  // Escape leaves the move mode (its 'Abbrechen' link does the same without JavaScript). Listening from
  // the commit that shows the move bar, not an effect after it: an Escape pressed as the bar appears counts.
  useLayoutEffect(() => {
    if (!moving) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) void navigate(hrefFor(null), { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [moving, navigate, hrefFor]);
  const context = useMemo(() => ({ moving, draggedRef, submitMove }), [moving, submitMove]);
  return { context, hrefFor };
}

/**
 * The form of the blocks' 'Verschieben' buttons (MOVE_START_FORM_ID): this page with the move mode of
 * the button's appointment, its other parameters (the date) kept, since a GET form sends only its fields.
 */
function MoveStartForm() {
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== MOVE_PARAM);
  return (
    <Form id={MOVE_START_FORM_ID} method="get" preventScrollReset hidden>
      {kept.map(([name, value], index) => (
        <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
      ))}
    </Form>
  );
}

/** The move mode's bar: which appointment is chosen, how to leave, and the form whose submit buttons are the free times. */
function MoveBar({ moving, cancelHref }: { moving: MoveChoice; cancelHref: string }) {
  return (
    <div
      role="region"
      aria-label={plannerMoveMessages.startShort}
      className="sticky top-0 z-20 flex items-center justify-between gap-2 rounded-md border border-primary bg-background p-2 shadow-sm md:p-3"
    >
      <p className="min-w-0 flex-1 text-sm font-medium">
        {plannerMoveMessages.banner(moving.name, dayLabel(moving.date), moving.time)}{" "}
        {/* A phone has no Escape key: there the button alone. */}
        <span className="text-muted-foreground max-md:hidden">{plannerMoveMessages.cancelHint}</span>
      </p>
      <Form id={MOVE_FORM_ID} method="post" preventScrollReset className="contents">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={moving.id} />
      </Form>
      <Button asChild variant="outline" className="min-h-11">
        <Link to={cancelHref} preventScrollReset>
          {plannerMoveMessages.cancel}
        </Link>
      </Button>
    </div>
  );
}

export default function Planner({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, focus, today } = loaderData;
  // After a move the week shows where the block went, out of the move mode; after a refusal the mode stays.
  const moving = actionData?.ok ? null : loaderData.moving;
  const move = usePlannerMoveState(moving);
  const keep = moving ? `&${MOVE_PARAM}=${moving.id}` : "";
  const saturday = plan.days[5]!.date;
  const focusIndex = plan.days.findIndex((day) => day.date === focus);
  return (
    <PlannerMoveContext value={move.context}>
      <PlannerIcons />
      <MoveStartForm />
      <div className="grid gap-4">
        <ActionNotice data={actionData} />
        {loaderData.movingRefused && !actionData ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
            {plannerMoveMessages.notMovable}
          </p>
        ) : null}
        {moving ? <MoveBar moving={moving} cancelHref={move.hrefFor(null)} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* The week on a desktop; below its width, which shows one day, that day. */}
          <h2 className="text-2xl font-semibold">
            Wochenplaner <span className="max-xl:hidden">{`${formatIsoDateDE(plan.monday)} – ${formatIsoDateDE(saturday)}`}</span>
            <span className="xl:hidden">{`${dayNames[weekday(focus)]}, ${formatIsoDateDE(focus)}`}</span>
          </h2>
          <nav aria-label="Woche wählen" className="flex flex-wrap gap-2">
            <Button asChild variant="outline" className="max-xl:hidden">
              <Link to={`?date=${addDays(plan.monday, -7)}${keep}`}>Vorherige Woche</Link>
            </Button>
            <Button asChild variant="outline" className="xl:hidden">
              <Link to={`?date=${focusIndex === 0 ? addDays(plan.monday, -2) : addDays(focus, -1)}${keep}`}>Vorheriger Tag</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`?date=${today}${keep}`}>Heute</Link>
            </Button>
            <Button asChild variant="outline" className="xl:hidden">
              <Link to={`?date=${focusIndex === 5 ? addDays(plan.monday, 7) : addDays(focus, 1)}${keep}`}>Nächster Tag</Link>
            </Button>
            <Button asChild variant="outline" className="max-xl:hidden">
              <Link to={`?date=${addDays(plan.monday, 7)}${keep}`}>Nächste Woche</Link>
            </Button>
          </nav>
        </div>
        <ul className="flex flex-wrap gap-3 text-xs" aria-label="Legende">
          <li className={cn(legendChip, statusTone.beantragt)}>beantragt</li>
          <li className={cn(legendChip, statusTone.bestätigt)}>bestätigt</li>
          <li className={cn(legendChip, statusTone.storniert)}>storniert</li>
          <li className="rounded border-2 border-dashed border-orange-600 px-2 py-0.5">{moveMessages.overbooked}</li>
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
    </PlannerMoveContext>
  );
}
