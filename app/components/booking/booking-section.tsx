import { CheckCircle2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Section } from "~/components/site/section";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label, NativeSelect, Textarea } from "~/components/ui/form-controls";
import { useFieldErrorsUntilEdited } from "~/components/ui/use-field-errors";
import { type SlotFacts, slotRulesOf } from "~/domain/slots";
import { visitDurationMinutes } from "~/domain/visit";
import { SLOT_MINUTES } from "~/domain/workshop";
import { formatIsoDateDE } from "~/lib/format-date";
import type { BookableService } from "~/lib/public-facts";
import { showSuccessToast } from "~/lib/toaster";
import { useHydrated } from "~/lib/use-hydrated";
import { courtesyCarMessages, waitlistMessages } from "~/messages";
import {
  ADDITIONAL_SERVICES_LABEL,
  additionalServiceFormName,
  BOOKING_FAILED_MESSAGE,
  bookingFormNames,
  bookingInputFromForm,
  type FieldErrors,
  MISSING_FIELDS_MESSAGE,
} from "~/schemas/booking-fields";
import { lazyModule } from "~/schemas/lazy";
import { SlotPicker } from "./slot-picker";
import { VehicleFields } from "./vehicle-fields";

export const BOOKING_FORM_ACTION = "/termin-anfragen";
export const BOOKING_SUCCESS_TITLE = "Termin beantragt";
export const BOOKING_SUCCESS_MESSAGE = "Ihr Termin wurde erfolgreich beantragt. Wir werden uns bald bei Ihnen melden.";

// The schema (zod) is not part of the page's first load: it loads when the
// form gets focus, at the latest on submit.
const bookingRules = lazyModule(() => import("~/schemas/booking"));

/**
 * What the form action hands back after a failed plain (no-JavaScript) post; `waitlistDate`: the day
 * asked for is fully booked for the service, so the form offers its waiting list (issue 28); `services`
 * the whole list as posted ('Leistung' first) when further services were ticked.
 */
export type BookingFormResult = {
  error: string;
  fields: FieldErrors;
  values: Record<string, string>;
  waitlistDate?: string | null;
  services?: string[];
};

/**
 * The booking section of the home page (also the page /termin-anfragen), an
 * island (app/components/island.tsx). The form is a plain POST to the route
 * action; once hydrated it is checked in the browser with the same schema and
 * sent to the JSON API instead. Should the schema fail to load, the server's
 * answer shows the same messages. `requested`: the redirect after a plain post
 * succeeded (?termin=beantragt).
 */
export function BookingSection({
  services,
  pickupsPerDay,
  slotFacts,
  times,
  pickupPostalCodes,
  phone,
  result,
  requested = false,
  initial = {},
  waitlisted = null,
}: {
  /** The services bookable online, in the owner's order (the workshop's facts, issue 29): 'Leistung' and 'Weitere Leistungen'. */
  services: BookableService[];
  /** The pick-ups a day (the workshop's booking rules), named in the hand-over's hint. */
  pickupsPerDay: number;
  /** The workshop's hours, lead time and horizon (issue 29): the day picker's window and the days it can offer. */
  slotFacts: SlotFacts;
  /**
   * The start times the form lists until its free times load, and without JavaScript (the server's
   * startTimesFor: the facts' hours for the chosen services and day).
   */
  times: string[];
  /** The pick-up service's postal codes (the workshop's booking rules): the hint names them, the check holds the address to them. */
  pickupPostalCodes: string[];
  /** The workshop's first phone: a pick-up address outside the area asks to call it. */
  phone: string;
  result?: BookingFormResult;
  requested?: boolean;
  /** The day and service the address asked for (`?datum=…&leistung=…`, the waiting list's e-mail). */
  initial?: { date?: string; service?: string };
  /** The day whose waiting list a plain post joined (`?warteliste=…`). */
  waitlisted?: string | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const values: Record<string, string> = result?.values ?? Object.fromEntries(Object.entries(initial).filter(([, value]) => value));
  // The chosen day is fully booked for the service (the picker says so): the form offers its waiting list.
  const [fullDay, setFullDay] = useState(false);
  const [joinedDay, setJoinedDay] = useState<string | null>(waitlisted);
  const [date, setDate] = useState(values.date ?? "");
  const [time, setTime] = useState(values.time ?? "");
  // The chosen time as of now, also between a change and the next render (a submit may wait for the slots).
  const chosenTime = useRef(time);
  const slotsLoadingRef = useRef<Promise<void> | null>(null);
  const [service, setService] = useState(values.service ?? "");
  // 'Weitere Leistungen' (issue 28): the ticked ones, in the catalogue's order.
  const [additional, setAdditional] = useState<string[]>(() => result?.services?.slice(1) ?? []);
  const visit = service ? [service, ...additional.filter((name) => name !== service)] : [];
  const offered = services.map((entry) => entry.name);
  const visitMinutes = visitDurationMinutes(services, visit, SLOT_MINUTES);
  // Ticked, the picker offers only days and times with a courtesy car free (the posted form's "on" after a plain post).
  const [courtesyCar, setCourtesyCar] = useState(values.courtesyCar === "on" || values.courtesyCar === "true");
  const [errors, setErrors] = useState<FieldErrors>(result?.fields ?? {});
  const shown = useFieldErrorsUntilEdited(errors, (field) => bookingFormNames[field]);
  const [submitting, setSubmitting] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  // A new key after a successful request: the vehicle group starts empty again.
  const [requestCount, setRequestCount] = useState(0);
  const successRef = useRef<HTMLDivElement>(null);
  // After a request the form is empty and its button was disabled while sending: focus would drop to
  // <body>. It goes to the message instead, which a screen reader then reads, and the page shows it.
  useEffect(() => {
    if (requestCount > 0) successRef.current?.focus();
  }, [requestCount]);

  // Stable: the slot list's loading effect depends on it.
  const changeTime = useCallback((value: string) => {
    chosenTime.current = value;
    setTime(value);
  }, []);

  function changeDate(value: string) {
    setDate(value);
    changeTime("");
    setErrors(({ date: _date, time: _time, ...rest }) => rest);
  }

  /** Waits while the day's free times reload; true when it did (the chosen time may have been cleared). */
  async function slotsSettled(): Promise<boolean> {
    if (!slotsLoadingRef.current) return false;
    setSubmitting(true);
    while (slotsLoadingRef.current) await slotsLoadingRef.current;
    setSubmitting(false);
    return true;
  }

  /** 'Auf die Warteliste' with JavaScript: the form's name, e-mail, phone, day and service to the JSON API. */
  async function joinWaitlist(form: Record<string, string>) {
    setSubmitting(true);
    try {
      const input = bookingInputFromForm(form);
      const response = await fetch("/api/v1/waitlist", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ name: input.name, email: input.email, phone: input.phone, date: input.date, service: input.service }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: FieldErrors; date?: string };
      if ((response.status === 201 || response.status === 200) && body.date) {
        setJoinedDay(body.date);
        showSuccessToast(waitlistMessages.joinedTitle, { description: waitlistMessages.joined(formatIsoDateDE(body.date)) });
      } else {
        if (body.fields) setErrors(body.fields);
        toast.error(waitlistMessages.joinFailed, { description: body.error ?? BOOKING_FAILED_MESSAGE });
      }
    } catch {
      toast.error(waitlistMessages.joinFailed, { description: BOOKING_FAILED_MESSAGE });
    } finally {
      setSubmitting(false);
    }
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.value === "waitlist") {
      const entries: Record<string, string> = {};
      for (const [key, value] of new FormData(formElement).entries()) if (typeof value === "string") entries[key] = value;
      await joinWaitlist(entries);
      return;
    }
    const waited = await slotsSettled();
    const formData = new FormData(formElement);
    const form: Record<string, string> = {};
    for (const [key, value] of formData.entries()) if (typeof value === "string") form[key] = value;
    // The form may not show a time cleared by the list just loaded yet: the time as chosen now counts.
    if (waited) form[bookingFormNames.time] = chosenTime.current;
    const input = bookingInputFromForm(form);
    const rules = bookingRules.loaded ?? (await bookingRules.load());
    const validation = rules?.validateBooking(input, { services: offered, pickupPostalCodes, phone }, rules.workshopMonth(new Date()));
    if (validation && !validation.ok) {
      setErrors(validation.fields);
      toast.error("Fehler", { description: validation.missingRequired ? MISSING_FIELDS_MESSAGE : validation.error });
      return;
    }

    setSubmitting(true);
    setErrors({});
    try {
      const response = await fetch("/api/v1/appointments", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(input),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string; fields?: FieldErrors };
      if (response.status === 201) {
        showSuccessToast(BOOKING_SUCCESS_TITLE, { description: BOOKING_SUCCESS_MESSAGE });
        formRef.current?.reset();
        setDate("");
        changeTime("");
        setService("");
        setAdditional([]);
        setCourtesyCar(false);
        setRefreshKey((key) => key + 1);
        setRequestCount((count) => count + 1);
      } else if (response.status === 409 && body.code === "slot-taken") {
        toast.error("Termin nicht mehr frei", { description: body.error });
        changeTime("");
        setErrors({ time: body.error });
        setRefreshKey((key) => key + 1);
      } else if (response.status === 409 && body.code === "courtesy-car-taken") {
        // The work would fit: the chosen time stays unless the reloaded lists (with the car) drop it.
        toast.error(courtesyCarMessages.takenTitle, { description: body.error });
        setErrors({ courtesyCar: body.error });
        setRefreshKey((key) => key + 1);
      } else if (response.status === 409 && body.code === "pickups-full") {
        toast.error("Hol- und Bringservice ausgebucht", { description: body.error });
        setErrors({ handover: body.error });
        setRefreshKey((key) => key + 1);
      } else if (response.status === 400 && body.fields) {
        setErrors(body.fields);
        toast.error("Fehler", { description: body.error });
      } else if ((response.status === 409 || response.status === 429) && body.error) {
        toast.error("Fehler", { description: body.error });
      } else {
        toast.error("Fehler", { description: BOOKING_FAILED_MESSAGE });
      }
    } catch {
      toast.error("Fehler", { description: BOOKING_FAILED_MESSAGE });
    } finally {
      setSubmitting(false);
    }
  }

  const fieldProps = (field: keyof FieldErrors) => ({
    id: bookingFormNames[field],
    name: bookingFormNames[field],
    "aria-invalid": shown.errors[field] ? true : undefined,
    "aria-describedby": shown.errors[field] ? `${bookingFormNames[field]}-error` : undefined,
  });

  return (
    <Section
      id="booking"
      title="Termin vereinbaren"
      intro="Wählen Sie einen freien Termin und senden Sie uns Ihre Anfrage – wir bestätigen sie so rasch wie möglich."
    >
      {requested || requestCount > 0 ? (
        <div
          ref={successRef}
          role="status"
          tabIndex={-1}
          className="mb-8 flex items-start gap-3 rounded-xl border border-border bg-accent p-4 text-accent-foreground outline-none"
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{BOOKING_SUCCESS_TITLE}</p>
            <p>{BOOKING_SUCCESS_MESSAGE}</p>
          </div>
        </div>
      ) : null}
      {joinedDay ? (
        <div
          role="status"
          className="mb-8 rounded-xl border border-border bg-accent p-4 text-accent-foreground"
          data-testid="waitlist-joined"
        >
          <p className="font-semibold">{waitlistMessages.joinedTitle}</p>
          <p>{waitlistMessages.joined(formatIsoDateDE(joinedDay))}</p>
        </div>
      ) : null}
      {result ? (
        <div role="alert" className="mb-8 rounded-xl border border-destructive p-4 font-medium text-destructive">
          {result.error}
        </div>
      ) : null}
      <form
        ref={formRef}
        method="post"
        action={BOOKING_FORM_ACTION}
        onSubmit={handleSubmit}
        onChange={shown.onChange}
        onFocus={() => void bookingRules.load()}
        className="grid items-start gap-8 lg:grid-cols-2"
      >
        <div className="grid content-start gap-8">
          <Card>
            <CardHeader>
              <CardTitle>Verfügbare Termine</CardTitle>
              <CardDescription>Wählen Sie einen Tag und eine freie Uhrzeit.</CardDescription>
            </CardHeader>
            <CardContent>
              <SlotPicker
                rules={slotRulesOf(slotFacts)}
                times={times}
                date={date}
                time={time}
                services={visit}
                visitMinutes={visitMinutes}
                courtesyCar={courtesyCar}
                onDateChange={changeDate}
                onTimeChange={changeTime}
                errors={shown.errors}
                refreshKey={refreshKey}
                slotsLoadingRef={slotsLoadingRef}
                onFullDayChange={setFullDay}
              />
              {fullDay || (result?.waitlistDate && result.waitlistDate === date) ? <WaitlistOffer disabled={submitting} /> : null}
              <CourtesyCarField checked={courtesyCar} onChange={setCourtesyCar} error={shown.errors.courtesyCar} />
            </CardContent>
          </Card>
          <VehicleFields
            key={requestCount}
            values={values}
            errors={shown.errors}
            pickupsPerDay={pickupsPerDay}
            pickupPostalCodes={pickupPostalCodes}
          />
        </div>

        <Card>
          <CardHeader>
            <CardTitle>Ihre Kontaktdaten</CardTitle>
            <CardDescription>Pflichtfelder sind mit * gekennzeichnet.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="booking-name">Name *</Label>
              <Input {...fieldProps("name")} autoComplete="name" required defaultValue={values.name} />
              <FieldError id="booking-name-error">{shown.errors.name}</FieldError>
            </div>
            <div className="space-y-2">
              <Label htmlFor="booking-email">E-Mail *</Label>
              <Input {...fieldProps("email")} type="email" autoComplete="email" required defaultValue={values.email} />
              <FieldError id="booking-email-error">{shown.errors.email}</FieldError>
            </div>
            <div className="space-y-2">
              <Label htmlFor="booking-phone">Telefon *</Label>
              <Input {...fieldProps("phone")} type="tel" autoComplete="tel" required defaultValue={values.phone} />
              <FieldError id="booking-phone-error">{shown.errors.phone}</FieldError>
            </div>
            <div className="space-y-2">
              <Label htmlFor="booking-service">Leistung *</Label>
              <NativeSelect {...fieldProps("service")} value={service} onChange={(e) => setService(e.target.value)}>
                <option value="">Leistung auswählen</option>
                {offered.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
              {service && offered.includes(service) ? (
                <p className="text-sm text-muted-foreground">Dauer: etwa {visitMinutes} Minuten</p>
              ) : null}
              <FieldError id="booking-service-error">{shown.errors.service}</FieldError>
            </div>
            <AdditionalServicesField
              offered={offered}
              service={service}
              ticked={additional}
              onChange={setAdditional}
              error={shown.errors.services}
            />
            <div className="space-y-2">
              <Label htmlFor="booking-message">Nachricht (optional)</Label>
              <Textarea {...fieldProps("message")} rows={4} maxLength={2000} defaultValue={values.message} />
              <FieldError id="booking-message-error">{shown.errors.message}</FieldError>
            </div>
            {/* Honeypot: people never see it, bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
              <label htmlFor="booking-website">Bitte leer lassen</label>
              <input id="booking-website" name={bookingFormNames.website} type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <p className="text-sm text-muted-foreground">
              Wir verwenden Ihre Angaben nur, um den Termin mit Ihnen zu vereinbaren. Mehr dazu in unserer{" "}
              <a href="/datenschutz" className="text-primary underline underline-offset-4">
                Datenschutzerklärung
              </a>
              .
            </p>
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? "Wird gesendet..." : "Termin beantragen"}
            </Button>
          </CardContent>
        </Card>
      </form>
    </Section>
  );
}

/**
 * 'Ersatzwagen gewünscht' (issue 27): a plain checkbox (`on` when ticked), so the form works without
 * JavaScript; with it, ticking reloads the picker's days and times for a courtesy car.
 */
function CourtesyCarField({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
  const name = bookingFormNames.courtesyCar;
  return (
    <div className="mt-4 space-y-1">
      <label className="flex min-h-11 cursor-pointer items-start gap-2 py-1 text-sm">
        <input
          type="checkbox"
          id={name}
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-hint ${name}-error` : `${name}-hint`}
          className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
        />
        <span className="font-medium">{courtesyCarMessages.label}</span>
      </label>
      <p id={`${name}-hint`} className="text-sm text-muted-foreground">
        {courtesyCarMessages.hint}
      </p>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}

/**
 * 'Auf die Warteliste' (issue 28) on a fully booked day: a second submit button of the booking form, so
 * without JavaScript it posts the same fields (`intent=waitlist`); with it the form sends them to the API.
 */
function WaitlistOffer({ disabled }: { disabled: boolean }) {
  return (
    <div className="mt-4 space-y-3 rounded-lg border border-border p-4" data-testid="waitlist-offer">
      <p className="text-sm">{waitlistMessages.fullDay}</p>
      <Button type="submit" name="intent" value="waitlist" variant="secondary" disabled={disabled} className="w-full whitespace-normal">
        {waitlistMessages.join}
      </Button>
    </div>
  );
}

/**
 * 'Weitere Leistungen' (issue 28): optional checkboxes of the other bookable services, each its own
 * name (a plain post keeps one value per name), so the form works without JavaScript; there every
 * box shows, once hydrated the box of the chosen 'Leistung' is left out.
 */
function AdditionalServicesField({
  offered,
  service,
  ticked,
  onChange,
  error,
}: {
  offered: readonly string[];
  service: string;
  ticked: readonly string[];
  onChange: (ticked: string[]) => void;
  error?: string;
}) {
  const hydrated = useHydrated();
  const name = bookingFormNames.services;
  const toggle = (serviceName: string, checked: boolean) =>
    onChange(offered.filter((entry) => (entry === serviceName ? checked : ticked.includes(entry))));
  return (
    <fieldset
      id={name}
      className="space-y-1"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="text-sm font-medium">{ADDITIONAL_SERVICES_LABEL} (optional)</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {offered.map((serviceName, index) =>
          hydrated && serviceName === service ? null : (
            <label key={serviceName} className="flex min-h-11 cursor-pointer items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name={additionalServiceFormName(index)}
                value={serviceName}
                checked={ticked.includes(serviceName)}
                onChange={(event) => toggle(serviceName, event.target.checked)}
                className="size-4 shrink-0 accent-[var(--primary)]"
              />
              <span className="min-w-0 break-words">{serviceName}</span>
            </label>
          ),
        )}
      </div>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}
