import { data, redirect } from "react-router";
import type { Route } from "./+types/appointment";
import { CustomerAppointmentView } from "~/components/site/customer-appointment";
import { PageHeader } from "~/components/site/section";
import { site } from "~/config/site";
import { databaseContext, requestContext } from "~/context";
import { formatIsoDateDE } from "~/lib/format-date";
import { readFormFields } from "~/lib/http.server";
import { customerPageMessages } from "~/messages";
import {
  cancelByCustomer,
  findCustomerAppointment,
  MAX_CUSTOMER_REASON_LENGTH,
  selfServiceConfigFromEnv,
} from "~/services/customer-appointment.server";
import { privatePage } from "./private-page.server";

/** The customer's own page of an appointment, opened with the personal link of an e-mail (issue 16). */
export const middleware: Route.MiddlewareFunction[] = [privatePage];

export function meta() {
  return [
    { title: `Ihr Termin – ${site.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

function notFound(): never {
  // The layout's error boundary shows the German not-found page, as for any unknown address.
  throw data(null, { status: 404 });
}

/** Opening the link only reads: mail scanners follow links, and nothing may change when they do. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const config = selfServiceConfigFromEnv();
  const appointment = await findCustomerAppointment(context.get(databaseContext), params.token, { now: new Date(), config });
  if (!appointment) notFound();
  const cancelledNow = new URL(request.url).searchParams.has("abgesagt") && appointment.cancelledBy === "customer";
  return { appointment, cancelledNow, cutoffHours: config.cancelCutoffHours };
}

/** 'Termin absagen' (intent=cancel): the same-origin check of every form runs before (server/origin-check.ts). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) throw data({ error: body.bodyError.message }, { status: body.bodyError.status });
  if (body.fields.intent !== "cancel") throw data({ error: "Unbekannte Aktion." }, { status: 400 });
  const config = selfServiceConfigFromEnv();
  const result = await cancelByCustomer(context.get(databaseContext), {
    token: params.token,
    reason: body.fields.reason,
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
    config,
  });
  const reason = body.fields.reason;
  switch (result.kind) {
    case "cancelled":
      return redirect(`/termin/${params.token}?abgesagt`, 303);
    case "not-found":
      return notFound();
    case "already-cancelled":
      return data({ form: { error: customerPageMessages["already-cancelled"] } }, { status: 409 });
    case "too-late":
      return data({ form: { error: customerPageMessages["too-late"](config.cancelCutoffHours, site.phones[0].display) } }, { status: 409 });
    case "reason-too-long": {
      const message = customerPageMessages["reason-too-long"](MAX_CUSTOMER_REASON_LENGTH);
      return data({ form: { error: message, reasonError: message, reason } }, { status: 400 });
    }
    case "rate-limited":
      return data(
        { form: { error: customerPageMessages["rate-limited"], reason } },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
  }
}

export default function CustomerAppointmentPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { appointment } = loaderData;
  return (
    <>
      <PageHeader title="Ihr Termin" intro={`${appointment.service} am ${formatIsoDateDE(appointment.date)} um ${appointment.time} Uhr`} />
      <CustomerAppointmentView
        appointment={appointment}
        calendarUrl={`/termin/${params.token}/kalender.ics`}
        cancelledNow={loaderData.cancelledNow}
        cutoffHours={loaderData.cutoffHours}
        form={actionData?.form}
      />
    </>
  );
}
