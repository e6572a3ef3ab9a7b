import { data, redirect } from "react-router";
import type { BookingFormResult } from "~/components/booking/booking-section";
import { Island } from "~/components/island";
import { PageHeader } from "~/components/site/section";
import { env } from "~/config/env.server";
import { databaseContext, requestContext } from "~/context";
import { isCalendarDate } from "~/domain/calendar-date";
import { bookableServiceNames } from "~/domain/workshop";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { bookingRefusal, waitlistRefusal } from "~/messages";
import { bookingInputFromForm, HONEYPOT_FIELD } from "~/schemas/booking";
import { bookingConfigFromEnv, formStartTimes, getAvailability, requestAppointment } from "~/services/booking.server";
import { publicWorkshopFacts } from "~/services/public-facts.server";
import { joinWaitlist } from "~/services/waitlist.server";
import { workshopFactsInForce } from "~/services/workshop-facts.server";
import type { Route } from "./+types/booking";

export function meta() {
  return [{ title: "Termin anfragen – Happy Car" }, { name: "robots", content: "noindex" }];
}

export const headers: Route.HeadersFunction = actionRetryAfter;

/**
 * After a plain post the answer is shown here: the home page is the same for everyone (cached per facts version, decision 048).
 * `?datum=yyyy-MM-dd&leistung=…` opens the form on that day with that service (the waiting list's
 * e-mail links here); `?warteliste=yyyy-MM-dd` says the visitor is on that day's waiting list.
 * The time list without JavaScript: the facts' hours for that service on that day (issue 29).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const { facts } = await publicWorkshopFacts(db);
  const offered = facts.bookable.map((service) => service.name);
  const params = new URL(request.url).searchParams;
  const datum = params.get("datum");
  const leistung = params.get("leistung");
  const waitlisted = params.get("warteliste");
  const initial = {
    ...(datum && isCalendarDate(datum) ? { date: datum } : {}),
    ...(leistung && offered.includes(leistung) ? { service: leistung } : {}),
  };
  return {
    requested: params.get("termin") === "beantragt",
    initial,
    waitlisted: waitlisted && isCalendarDate(waitlisted) ? waitlisted : null,
    services: facts.bookable,
    pickupsPerDay: facts.pickupsPerDay,
    slotFacts: { hours: facts.hours, bookingRules: facts.bookingRules },
    times: await bookingTimes(db, { date: initial.date, services: initial.service ? [initial.service] : [] }),
    pickupPostalCodes: facts.pickupPostalCodes,
    phone: facts.mainPhone.display,
  };
}

/** The start times the plain form lists for `services` on `date` (formStartTimes, by the current facts). */
async function bookingTimes(db: Parameters<typeof workshopFactsInForce>[0], chosen: { date?: string; services: readonly string[] }) {
  const config = bookingConfigFromEnv(env(), await workshopFactsInForce(db));
  return formStartTimes(db, config, { ...chosen, offered: bookableServiceNames(config), now: new Date() });
}

/** The day of a refused request when it is fully booked for the service: the form offers its waiting list then (issue 28). */
async function fullDayOf(db: Parameters<typeof workshopFactsInForce>[0], values: Record<string, string>): Promise<string | null> {
  const { date, service } = values;
  const facts = await workshopFactsInForce(db);
  if (!date || !isCalendarDate(date) || !service || !bookableServiceNames(facts).includes(service)) return null;
  const [day] = await getAvailability(db, date, date, new Date(), bookingConfigFromEnv(env(), facts), service);
  return day?.reason?.code === "fully-booked" ? date : null;
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
  // The fields as typed, and the whole list of services when further ones were ticked (issue 28).
  const { [HONEYPOT_FIELD]: _honeypot, services, ...fields } = input;
  const values = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const db = context.get(databaseContext);
  const options = {
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
    config: bookingConfigFromEnv(env(), await workshopFactsInForce(db)),
  };
  // 'Auf die Warteliste' (issue 28): the same form's second button, with its name, e-mail, phone, day and service.
  if (body.fields.intent === "waitlist") {
    const joined = await joinWaitlist(db, input, options);
    if (joined.ok) return redirect(`/termin-anfragen?warteliste=${joined.value.entry.date}#booking`, 303);
    const headers = joined.code === "rate-limited" ? retryAfter(joined.retryAfterSeconds) : undefined;
    const waitlistDate = joined.code === "invalid" || joined.code === "rate-limited" ? (values.date ?? null) : null;
    return data({ ...waitlistRefusal(joined), values, waitlistDate }, { status: statusOf(joined.code), headers });
  }
  const result = await requestAppointment(db, input, options);
  if (result.ok || result.code === "honeypot") return redirect("/termin-anfragen?termin=beantragt#booking", 303);
  const answerHeaders = result.code === "rate-limited" ? retryAfter(result.retryAfterSeconds) : undefined;
  const posted = Array.isArray(services) ? services : undefined;
  return data(
    {
      ...bookingRefusal(result),
      values,
      waitlistDate: await fullDayOf(db, values),
      services: posted,
      // The form again, its times for the posted services and day.
      times: await bookingTimes(db, { date: values.date, services: posted ?? (values.service ? [values.service] : []) }),
    },
    { status: statusOf(result.code), headers: answerHeaders },
  );
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  // The posted form's times (its services and day) apart from its answer.
  const { times = loaderData.times, ...result } = (actionData ?? {}) as Partial<BookingFormResult> & { times?: string[] };
  return (
    <>
      <PageHeader title="Termin anfragen" />
      <Island
        name="booking"
        props={{
          services: loaderData.services,
          pickupsPerDay: loaderData.pickupsPerDay,
          slotFacts: loaderData.slotFacts,
          times,
          pickupPostalCodes: loaderData.pickupPostalCodes,
          phone: loaderData.phone,
          result: actionData ? (result as BookingFormResult) : undefined,
          requested: loaderData.requested,
          initial: loaderData.initial,
          waitlisted: loaderData.waitlisted,
        }}
      />
    </>
  );
}
