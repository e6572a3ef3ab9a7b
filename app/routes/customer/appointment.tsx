import { data, isRouteErrorResponse, redirect } from "react-router";
import { AppointmentGone, CancelConfirmation, CustomerAppointmentView } from "~/components/site/customer-appointment";
import { PageHeader } from "~/components/site/section";
import { site } from "~/config/site";
import { databaseContext, requestContext } from "~/context";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { formatIsoDateDE } from "~/lib/format-date";
import { servicesLine } from "~/lib/format-services";
import { readFormFields } from "~/lib/http.server";
import { customerPageMessages } from "~/messages";
import { ErrorScreen } from "~/root";
import {
  cancelByCustomer,
  findCustomerAppointment,
  MAX_CUSTOMER_REASON_LENGTH,
  selfServiceConfigFromEnv,
} from "~/services/customer-appointment.server";
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
  const config = selfServiceConfigFromEnv();
  const appointment = await findCustomerAppointment(context.get(databaseContext), params.token, { now: new Date(), config });
  if (!appointment) notFound();
  const cancelledNow = new URL(request.url).searchParams.has("abgesagt") && appointment.cancelledBy === "customer";
  return { appointment, cancelledNow, cutoffHours: config.cancelCutoffHours };
}

/**
 * 'Termin absagen' (intent=cancel): the same-origin check of every form runs before (server/origin-check.ts).
 * One tap does not cancel (issue 26): the first post only asks 'Wirklich absagen?', with the reason carried
 * along; the answer 'Ja, Termin absagen' (confirm=ja) cancels. Without JavaScript too, as it is a plain form.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) throw data({ error: body.bodyError.message }, { status: body.bodyError.status });
  if (body.fields.intent !== "cancel") throw data({ error: "Unbekannte Aktion." }, { status: 400 });
  if (body.fields.confirm !== CONFIRMED) return { confirm: { reason: body.fields.reason ?? "" } };
  const config = selfServiceConfigFromEnv();
  const result = await cancelByCustomer(context.get(databaseContext), {
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
      return data({ form: { error: customerPageMessages["too-late"](config.cancelCutoffHours, site.phones[0].display) } }, { status });
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
    </>
  );
}

/** An unknown, expired or deleted appointment's link (404): said in words, with the workshop's phone (issue 26). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <AppointmentGone /> : <ErrorScreen error={error} />;
}
