import { data, isRouteErrorResponse, redirect } from "react-router";
import { AppointmentGone, CancelConfirmation, CustomerAppointmentView } from "~/components/site/customer-appointment";
import { CustomerFindingsSection, decisionField } from "~/components/site/customer-findings";
import { CustomerMoveForm, type MoveDay } from "~/components/site/customer-move";
import { PageHeader } from "~/components/site/section";
import { site } from "~/config/site";
import { databaseContext, requestContext } from "~/context";
import { MAX_CUSTOMER_MOVES } from "~/domain/appointment";
import { isCalendarDate } from "~/domain/calendar-date";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { formatIsoDateDE } from "~/lib/format-date";
import { servicesLine } from "~/lib/format-services";
import { readFormFields } from "~/lib/http.server";
import { customerDecisionMessages, customerPageMessages, moveMessages, moveRefusal, unavailableDayMessage } from "~/messages";
import { ErrorScreen } from "~/root";
import {
  cancelByCustomer,
  customerMoveSlots,
  customerMovesOf,
  findCustomerAppointment,
  MAX_CUSTOMER_REASON_LENGTH,
  moveByCustomer,
  selfServiceConfig,
} from "~/services/customer-appointment.server";
import { customerFindings, decideByCustomer } from "~/services/findings.server";
import { mainPhoneNumber } from "~/services/public-facts.server";
import type { Route } from "./+types/appointment";
import { privatePage } from "./private-page.server";

/** The customer's own page of an appointment, opened with the personal link of an e-mail (issue 16). */
export const middleware: Route.MiddlewareFunction[] = [privatePage];

export const headers: Route.HeadersFunction = actionRetryAfter;

export function meta({ error }: Route.MetaArgs) {
  return [
    { title: `${isRouteErrorResponse(error) && error.status === 404 ? "Termin nicht gefunden" : "Ihr Termin"} – ${site.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

function notFound(): never {
  // This route's error boundary says that the appointment is gone (unknown, expired or deleted: the links go with it).
  throw data(null, { status: 404 });
}

/** The value of the confirmation step's 'Ja, Termin absagen'. */
const CONFIRMED = "ja";

/** Opening the link only reads: mail scanners follow links, and nothing may change when they do. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const config = await selfServiceConfig(db);
  const now = new Date();
  const appointment = await findCustomerAppointment(db, params.token, { now, config });
  if (!appointment) notFound();
  const search = new URL(request.url).searchParams;
  const cancelledNow = search.has("abgesagt") && appointment.cancelledBy === "customer";
  // 'Termin verschieben' (issue 28): the free times of the chosen day, as the booking's day picker offers them.
  const chosen = search.get("tag") ?? "";
  let moveDay: MoveDay | null = null;
  if (appointment.cancellation.allowed && isCalendarDate(chosen)) {
    const day = await customerMoveSlots(db, appointment, chosen, now);
    const times = day.open ? day.slots.filter((slot) => slot.available).map((slot) => slot.time) : [];
    moveDay = !day.open
      ? { date: chosen, reason: unavailableDayMessage(day.reason) }
      : times.length === 0
        ? { date: chosen, reason: unavailableDayMessage({ code: "fully-booked" }) }
        : { date: chosen, times };
  }
  const findings = await customerFindings(db, params.token, { now, config });
  return {
    appointment,
    findings,
    cancelledNow,
    decidedNow: search.has("entschieden"),
    cutoffHours: config.cancelCutoffHours,
    moveDay,
    movedNow: search.has("verschoben"),
    movesLeft: MAX_CUSTOMER_MOVES - (await customerMovesOf(db, appointment.id)),
  };
}

/**
 * 'Termin absagen' (intent=cancel): the same-origin check of every form runs before (server/origin-check.ts).
 * One tap does not cancel (issue 26): the first post only asks 'Wirklich absagen?', with the reason carried
 * along; the answer 'Ja, Termin absagen' (confirm=ja) cancels. Without JavaScript too, as it is a plain form.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) throw data({ error: body.bodyError.message }, { status: body.bodyError.status });
  if (body.fields.intent === "decide") return decide(params.token, body.fields, context);
  if (body.fields.intent === "move") return moveAction(params.token, body.fields, context);
  if (body.fields.intent !== "cancel") throw data({ error: "Unbekannte Aktion." }, { status: 400 });
  if (body.fields.confirm !== CONFIRMED) return { confirm: { reason: body.fields.reason ?? "" } };
  const db = context.get(databaseContext);
  const config = await selfServiceConfig(db);
  const result = await cancelByCustomer(db, {
    token: params.token,
    reason: body.fields.reason,
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
    config,
  });
  const reason = body.fields.reason;
  if (result.ok) return redirect(`/termin/${params.token}?abgesagt`, 303);
  const status = statusOf(result.code);
  switch (result.code) {
    case "not-found":
      return notFound();
    case "already-cancelled":
      return data({ form: { error: customerPageMessages["already-cancelled"] } }, { status });
    case "too-late":
      return data({ form: { error: customerPageMessages["too-late"](config.cancelCutoffHours, await mainPhoneNumber(db)) } }, { status });
    case "reason-too-long": {
      const message = customerPageMessages["reason-too-long"](MAX_CUSTOMER_REASON_LENGTH);
      return data({ form: { error: message, reasonError: message, reason } }, { status });
    }
    case "rate-limited":
      return data(
        { form: { error: customerPageMessages["rate-limited"], reason } },
        { status, headers: retryAfter(result.retryAfterSeconds) },
      );
  }
}

/**
 * 'Freigeben' / 'Ablehnen' of the findings (issue 30): one submission with a decision per finding
 * (`decision:<id>`), a plain form. Refused on an expired link (404, the page says it is gone), once
 * the car is 'In Arbeit', and over the limit per link and per address (429 with Retry-After).
 */
async function decide(token: string, fields: Record<string, string>, context: Route.ActionArgs["context"]) {
  const decisions = Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith(decisionField("")))
      .map(([key, value]) => [key.slice(decisionField("").length), value]),
  );
  const db = context.get(databaseContext);
  const result = await decideByCustomer(db, {
    token,
    decisions,
    clientIp: context.get(requestContext).clientIp,
    now: new Date(),
    config: await selfServiceConfig(db),
  });
  if (result.ok) return redirect(`/termin/${token}?entschieden#findings-heading`, 303);
  if (result.code === "not-found") return notFound();
  const headers = "retryAfterSeconds" in result ? retryAfter(result.retryAfterSeconds) : undefined;
  return data({ findingsError: customerDecisionMessages[result.code] }, { status: statusOf(result.code), headers });
}

/** 'Termin verschieben' (intent=move, date, time): moved, back to the page that says so; else the reason in German. */
async function moveAction(token: string, fields: Record<string, string>, context: Route.ActionArgs["context"]) {
  const db = context.get(databaseContext);
  const result = await moveByCustomer(db, {
    token,
    date: fields.date,
    time: fields.time,
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
    config: await selfServiceConfig(db),
  });
  if (result.ok) return redirect(`/termin/${token}?verschoben`, 303);
  if (result.code === "not-found") return notFound();
  const status = statusOf(result.code);
  if ("retryAfterSeconds" in result) {
    return data({ moveError: moveMessages["rate-limited"] }, { status, headers: retryAfter(result.retryAfterSeconds) });
  }
  // The customer's words for a taken time; the rest as the board says it.
  const error = result.code === "slot-taken" ? moveMessages.customerSlotTaken : moveRefusal(result, await mainPhoneNumber(db)).error;
  return data({ moveError: error }, { status });
}

export default function CustomerAppointmentPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { appointment } = loaderData;
  const pagePath = `/termin/${params.token}`;
  // Asked once more, while it can still be cancelled (else the page says why not).
  if (actionData && "confirm" in actionData && appointment.cancellation.allowed) {
    return <CancelConfirmation appointment={appointment} reason={actionData.confirm.reason} confirmValue={CONFIRMED} backUrl={pagePath} />;
  }
  return (
    <>
      <PageHeader
        title="Ihr Termin"
        intro={`${servicesLine(appointment).value} am ${formatIsoDateDE(appointment.date)} um ${appointment.time} Uhr`}
      />
      <CustomerAppointmentView
        appointment={appointment}
        calendarUrl={`${pagePath}/kalender.ics`}
        cancelledNow={loaderData.cancelledNow}
        cutoffHours={loaderData.cutoffHours}
        form={actionData && "form" in actionData ? actionData.form : undefined}
      />
      {loaderData.findings ? (
        <div className="mx-auto max-w-3xl px-4 pb-10">
          <CustomerFindingsSection
            findings={loaderData.findings}
            photoUrl={(photoId) => `${pagePath}/fotos/${photoId}`}
            notice={{
              error: actionData && "findingsError" in actionData ? actionData.findingsError : undefined,
              saved: loaderData.decidedNow ? customerDecisionMessages.saved : undefined,
            }}
          />
        </div>
      ) : null}
      {appointment.status !== "storniert" && (appointment.cancellation.allowed || loaderData.movedNow) ? (
        <CustomerMoveForm
          pagePath={pagePath}
          day={loaderData.moveDay}
          movesLeft={loaderData.movesLeft}
          error={actionData && "moveError" in actionData ? actionData.moveError : undefined}
          movedNow={loaderData.movedNow}
          status={appointment.status}
        />
      ) : null}
    </>
  );
}

/** An unknown, expired or deleted appointment's link (404): said in words, with the workshop's phone (issue 26). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <AppointmentGone /> : <ErrorScreen error={error} />;
}
