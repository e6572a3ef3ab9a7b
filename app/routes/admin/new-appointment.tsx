import { data, Form, Link, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FieldError, Input, Label, NativeSelect, Textarea } from "~/components/ui/form-controls";
import { adminContext, databaseContext } from "~/context";
import { appointmentSources } from "~/domain/appointment";
import { isCalendarDate } from "~/domain/calendar-date";
import { offeredServices } from "~/domain/workshop";
import { statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { moveMessages, moveRefusal } from "~/messages";
import { ADDITIONAL_SERVICES_LABEL } from "~/schemas/booking-fields";
import { enterAppointment, entryFormTimes } from "~/services/appointment-moves.server";
import { selfServiceConfig } from "~/services/customer-appointment.server";
import { mainPhoneNumber } from "~/services/public-facts.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/new-appointment";

/**
 * 'Termin eintragen' (issue 28): the caller's or the walk-in's appointment, as a plain form that works
 * without JavaScript and on a phone. Opened from the board, or from a free cell of the planner with
 * `?datum=&zeit=` filled in. 'Trotzdem eintragen' posts the same form with a reason.
 */
export const meta: Route.MetaFunction = () => [
  { title: `${moveMessages.enterTitle} – Admin-Board – Happy Car` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const date = search.get("datum") ?? "";
  const time = search.get("zeit") ?? "";
  const db = context.get(databaseContext);
  // Every service the workshop offers now (its facts, issue 29), also those not bookable online.
  const services = offeredServices(await workshopFacts(db)).map((service) => service.name);
  // The times the facts' hours allow on that day (any day without one) for the shortest service.
  const times = await entryFormTimes(db, { date, services: [] }, new Date());
  return { date: isCalendarDate(date) ? date : "", time: times.includes(time) ? time : "", times, services };
}

/** 'Weitere Leistungen' (issue 28): one checkbox per service, each its own name (a plain post keeps one value per name). */
const ADDITIONAL_PREFIX = "weitere-";

/** The visit's services of a posted form: 'Leistung', then the ticked further ones; undefined for one alone. */
function postedServices(values: Record<string, string>): string[] | undefined {
  const further = Object.entries(values)
    .filter(([name, value]) => name.startsWith(ADDITIONAL_PREFIX) && value !== "" && value !== values.service)
    .sort(([a], [b]) => Number(a.slice(ADDITIONAL_PREFIX.length)) - Number(b.slice(ADDITIONAL_PREFIX.length)))
    .map(([, value]) => value);
  return further.length > 0 ? [values.service ?? "", ...further] : undefined;
}

type EntryActionData = {
  error: string;
  fields: Record<string, string>;
  values: Record<string, string>;
  canOverride: boolean;
  /** The start times for the posted day and services (the lunch break's too when 'Trotzdem eintragen' is offered). */
  times: string[];
};

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) throw data({ error: body.bodyError.message }, { status: body.bodyError.status });
  const values = body.fields;
  const overriding = values.intent === "override";
  const db = context.get(databaseContext);
  const result = await enterAppointment(
    db,
    {
      name: values.name,
      email: values.email,
      phone: values.phone,
      service: values.service,
      services: postedServices(values),
      date: values.date,
      time: values.time,
      message: values.message,
      licensePlate: values.licensePlate,
      status: values.status,
      source: values.source,
      // An unticked checkbox is not sent: no e-mail then.
      notifyCustomer: values.notifyCustomer === "on",
      ...(overriding ? { override: { reason: values.overrideReason ?? "" } } : {}),
    },
    { admin: context.get(adminContext), selfCancelCutoffHours: (await selfServiceConfig(db)).cancelCutoffHours },
  );
  if (result.ok) return redirect(`/admin/termine/${result.value.id}`, 303);
  const { error, fields } = moveRefusal(result, await mainPhoneNumber(db));
  // Taken resources and the lunch break may be overridden; opening hours and closures not (decision 043).
  const canOverride =
    overriding ||
    result.code === "slot-taken" ||
    result.code === "resourceTaken" ||
    (result.code === "slotClosed" && result.inBreak === true);
  const services = postedServices(values) ?? (values.service ? [values.service] : []);
  const times = await entryFormTimes(db, { date: values.date, services, override: canOverride }, new Date());
  return data<EntryActionData>(
    { error, fields, values, canOverride, times },
    {
      status: statusOf(result.code),
    },
  );
}

const statusLabels = { bestätigt: "bestätigt", beantragt: "beantragt" } as const;

export default function NewAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? {};
  const fields = actionData?.fields ?? {};
  const field = (name: string, label: string, props: React.ComponentProps<"input"> = {}) => (
    <div className="space-y-1">
      <Label htmlFor={`entry-${name}`}>{label}</Label>
      <Input
        id={`entry-${name}`}
        name={name}
        defaultValue={values[name] ?? (props.defaultValue as string | undefined)}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `entry-${name}-error` : undefined}
        {...props}
      />
      <FieldError id={`entry-${name}-error`}>{fields[name]}</FieldError>
    </div>
  );
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <p>
        <Link to="/admin" className="underline">
          Zurück zum Board
        </Link>
      </p>
      <Card>
        <CardHeader>
          {/* The page's heading below the board's own h1, as on the other pages (an h1 inside CardTitle's h3 broke hydration). */}
          <h2 className="text-xl font-semibold leading-tight">{moveMessages.enterTitle}</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="space-y-4" noValidate>
            {actionData ? (
              <p role="alert" className="break-words text-destructive">
                {actionData.error}
              </p>
            ) : null}
            {field("name", "Name", { autoComplete: "off", required: true })}
            {field("phone", "Telefon", { type: "tel", required: true })}
            {field("email", "E-Mail (optional)", { type: "email" })}
            <div className="space-y-1">
              <Label htmlFor="entry-service">Leistung</Label>
              <NativeSelect id="entry-service" name="service" defaultValue={values.service ?? loaderData.services[0]}>
                {loaderData.services.map((service) => (
                  <option key={service}>{service}</option>
                ))}
              </NativeSelect>
              <FieldError id="entry-service-error">{fields.service}</FieldError>
            </div>
            <fieldset
              className="space-y-1"
              aria-invalid={fields.services ? true : undefined}
              aria-describedby={fields.services ? "entry-services-error" : undefined}
            >
              <legend className="text-sm font-medium">{ADDITIONAL_SERVICES_LABEL} (optional)</legend>
              <div className="grid gap-x-4 sm:grid-cols-2">
                {loaderData.services.map((service, index) => (
                  <label key={service} className="flex min-h-11 cursor-pointer items-center gap-2 py-1 text-sm">
                    <input
                      type="checkbox"
                      name={`${ADDITIONAL_PREFIX}${index}`}
                      value={service}
                      defaultChecked={values[`${ADDITIONAL_PREFIX}${index}`] === service}
                      className="size-4 shrink-0 accent-[var(--primary)]"
                    />
                    <span className="min-w-0 break-words">{service}</span>
                  </label>
                ))}
              </div>
              <FieldError id="entry-services-error">{fields.services}</FieldError>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              {field("date", "Datum", { type: "date", required: true, defaultValue: loaderData.date })}
              <div className="space-y-1">
                <Label htmlFor="entry-time">Uhrzeit</Label>
                <NativeSelect id="entry-time" name="time" defaultValue={values.time ?? loaderData.time}>
                  {(actionData?.times ?? loaderData.times).map((time) => (
                    <option key={time}>{time}</option>
                  ))}
                </NativeSelect>
                <FieldError id="entry-time-error">{fields.time}</FieldError>
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor="entry-status">Status</Label>
                <NativeSelect id="entry-status" name="status" defaultValue={values.status ?? "bestätigt"}>
                  {Object.entries(statusLabels).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="space-y-1">
                <Label htmlFor="entry-source">{moveMessages.sourceLabel}</Label>
                <NativeSelect id="entry-source" name="source" defaultValue={values.source ?? "phone"}>
                  {appointmentSources.map((source) => (
                    <option key={source} value={source}>
                      {moveMessages.sources[source]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            {field("licensePlate", "Kennzeichen (optional)")}
            <div className="space-y-1">
              <Label htmlFor="entry-message">Nachricht (optional)</Label>
              <Textarea id="entry-message" name="message" rows={3} defaultValue={values.message} />
            </div>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="notifyCustomer" defaultChecked={actionData ? values.notifyCustomer === "on" : true} />
              Kunden per E-Mail benachrichtigen (nur mit E-Mail-Adresse)
            </label>
            <Button type="submit" name="intent" value="enter" className="w-full sm:w-auto">
              {moveMessages.enterTitle}
            </Button>
            {actionData?.canOverride ? (
              <div className="space-y-2 rounded-md border border-amber-600/50 p-3">
                <Label htmlFor="entry-override-reason">{moveMessages.overrideReasonLabel}</Label>
                <Textarea id="entry-override-reason" name="overrideReason" rows={2} defaultValue={values.overrideReason} />
                <Button type="submit" name="intent" value="override" variant="outline" className="w-full sm:w-auto">
                  {moveMessages.overrideLabel}
                </Button>
              </div>
            ) : null}
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
