import { data, redirect } from "react-router";
import type { Route } from "./+types/booking";
import { Island } from "~/components/island";
import { PageHeader } from "~/components/site/section";
import { formToObject, readFormData, RequestBodyError } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { BOOKING_FAILED_MESSAGE, bookingInputFromForm, HONEYPOT_FIELD } from "~/schemas/booking";
import { bookingConfigFromEnv, bookingResultStatus, requestAppointment } from "~/services/booking.server";

export function meta() {
  return [
    { title: "Termin anfragen – Happy Car" },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The booking form's plain POST (works without JavaScript). Success goes back
 * to the home page's booking section; errors render the form again with the
 * values and a message per field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let form: Record<string, string>;
  try {
    form = formToObject(await readFormData(request));
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return data({ error: error.message, fields: {}, values: {} }, { status: error.status });
  }
  const input = bookingInputFromForm(form);
  const { [HONEYPOT_FIELD]: _honeypot, ...values } = input;
  try {
    const result = await requestAppointment(context.db, input, {
      now: new Date(),
      clientIp: context.clientIp,
      config: bookingConfigFromEnv(),
    });
    if (result.kind === "created" || result.kind === "honeypot") {
      return redirect("/?termin=beantragt#booking", 303);
    }
    const fields = result.kind === "invalid" ? result.fields : result.kind === "slot-taken" ? { time: result.error } : {};
    return data({ error: result.error, fields, values }, { status: bookingResultStatus[result.kind] });
  } catch (error) {
    logger.error({ err: error, requestId: context.requestId }, "booking form failed");
    return data({ error: BOOKING_FAILED_MESSAGE, fields: {}, values }, { status: 500 });
  }
}

export default function BookingPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Termin anfragen" />
      <Island name="booking" props={{ result: actionData }} />
    </>
  );
}
