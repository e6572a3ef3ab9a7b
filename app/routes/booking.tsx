import { data, redirect } from "react-router";
import { Island } from "~/components/island";
import { PageHeader } from "~/components/site/section";
import { env } from "~/config/env.server";
import { databaseContext, requestContext } from "~/context";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { bookingRefusal } from "~/messages";
import { bookingInputFromForm, HONEYPOT_FIELD } from "~/schemas/booking";
import { bookingConfigFromEnv, requestAppointment } from "~/services/booking.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/booking";

export function meta() {
  return [{ title: "Termin anfragen – Happy Car" }, { name: "robots", content: "noindex" }];
}

export const headers: Route.HeadersFunction = actionRetryAfter;

/** After a plain post the answer is shown here: the home page is prerendered, the same for everyone. */
export function loader({ request }: Route.LoaderArgs) {
  return { requested: new URL(request.url).searchParams.get("termin") === "beantragt" };
}

/**
 * The booking form's plain POST (works without JavaScript). Success redirects
 * to this page with the success message; errors render the form again with
 * the values and a message per field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data({ error: body.bodyError.message, fields: {}, values: {} }, { status: body.bodyError.status });
  const input = bookingInputFromForm(body.fields);
  const { [HONEYPOT_FIELD]: _honeypot, ...values } = input;
  const result = await requestAppointment(context.get(databaseContext), input, {
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
    config: bookingConfigFromEnv(env(), await workshopFacts(context.get(databaseContext))),
  });
  if (result.ok || result.code === "honeypot") return redirect("/termin-anfragen?termin=beantragt#booking", 303);
  const answerHeaders = result.code === "rate-limited" ? retryAfter(result.retryAfterSeconds) : undefined;
  return data({ ...bookingRefusal(result), values }, { status: statusOf(result.code), headers: answerHeaders });
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Termin anfragen" />
      <Island name="booking" props={{ result: actionData, requested: loaderData.requested }} />
    </>
  );
}
