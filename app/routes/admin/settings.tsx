import { data, Form, Link, useNavigation } from "react-router";
import { stepUpRedirect } from "~/auth/guard.server";
import { ResultMessage } from "~/components/admin/action-result";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label, Textarea } from "~/components/ui/form-controls";
import { env } from "~/config/env.server";
import { adminContext, databaseContext } from "~/context";
import { formatIsoDateDE } from "~/lib/format-date";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { readFormFields } from "~/lib/http.server";
import { resourceMessages, serviceFieldLabels, serviceFieldMessages, workshopMessages } from "~/messages";
import { workshopChangeSchema, workshopFieldMessages } from "~/schemas/workshop";
import { changeWorkshopFacts, workshopHistory, workshopSettingsView } from "~/services/workshop-facts.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [
  { title: "Einstellungen – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Die Einstellungen konnten nicht geladen werden." };

const PAGE = "/admin/einstellungen";
const WEEKDAYS = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"] as const;
/** Monday first, as the week is read here. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const NEED_KINDS = ["lift", "inspection", "mechanic"] as const;
const PHONE_ROWS = 3;

/**
 * 'Einstellungen' (issue 29, decision 042): every fact of the workshop in six sections, each its
 * own form (works without JavaScript). The owner changes them, staff read them; fields an
 * environment variable sets are shown read-only with a note. Below: the appointments outside the
 * opening hours (never dropped) and the history of changes.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const now = new Date();
  const [view, history] = await Promise.all([workshopSettingsView(db, env(), now), workshopHistory(db, 50)]);
  return { ...view, history, canChange: context.get(adminContext).role === "owner" };
}

type SettingsActionData = {
  ok: boolean;
  message: string;
  section?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
  outsideHours?: number;
};

const checked = (value: string | undefined) => value === "on" || value === "true";
const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === "" ? null : value.trim());

/** The posted fields of one section in the shape of PUT /api/v1/admin/workshop. */
function sectionFromForm(section: string, form: Record<string, string>): Record<string, unknown> | undefined {
  switch (section) {
    case "workshop":
      return {
        workshop: {
          legalName: form.legalName,
          street: form.street,
          postalCode: form.postalCode,
          city: form.city,
          phones: Array.from({ length: PHONE_ROWS }, (_, index) => ({
            label: form[`phoneLabel${index}`] ?? "",
            number: form[`phoneNumber${index}`] ?? "",
          })).filter((phone, index) => index === 0 || phone.label.trim() !== "" || phone.number.trim() !== ""),
          email: form.email,
          latitude: form.latitude,
          longitude: form.longitude,
        },
      };
    case "imprint":
      return {
        imprint: Object.fromEntries(
          ["companyRegister", "registerCourt", "vatId", "managingDirector", "supervisoryAuthority", "chamber"].map((key) => [
            key,
            form[key],
          ]),
        ),
      };
    case "hours":
      return {
        hours: Object.fromEntries(
          WEEKDAYS.map((_, day) => [
            day,
            checked(form[`closed${day}`])
              ? null
              : {
                  open: form[`open${day}`] ?? "",
                  close: form[`close${day}`] ?? "",
                  breakFrom: blankToNull(form[`breakFrom${day}`]),
                  breakTo: blankToNull(form[`breakTo${day}`]),
                },
          ]),
        ),
      };
    case "services": {
      const count = Number(form.serviceCount ?? "0");
      const rows = Array.from({ length: Math.min(count, 40) }, (_, index) => `${index}`);
      if ((form.name_new ?? "").trim() !== "") rows.push("new");
      const services = rows.map((row) => ({
        position: Number(form[`position_${row}`] || Number.MAX_SAFE_INTEGER),
        service: {
          ...(row === "new" ? {} : { id: form[`id_${row}`] }),
          name: form[`name_${row}`],
          description: form[`description_${row}`] ?? "",
          durationSteps: form[`durationSteps_${row}`],
          combinedSteps: blankToNull(form[`combinedSteps_${row}`]),
          bookable: checked(form[`bookable_${row}`]),
          needs: NEED_KINDS.filter((kind) => checked(form[`needs_${row}_${kind}`])),
          priceFrom: blankToNull(form[`priceFrom_${row}`]),
          retired: checked(form[`retired_${row}`]),
        },
      }));
      // 'Reihenfolge': sorted by the typed position, stable for equal ones.
      return { services: services.sort((a, b) => a.position - b.position).map((entry) => entry.service) };
    }
    case "bookingRules":
      return {
        bookingRules: Object.fromEntries(
          [
            "leadTimeMinutes",
            "horizonDays",
            "maxOpenRequestsPerEmail",
            "pickupPostalCodes",
            "pickupsPerDay",
            "cancelCutoffHours",
            "reminderHours",
            "fewFreeSlots",
          ].map((key) => [key, form[key]]),
        ),
      };
    case "email":
      return { email: { senderName: form.senderName, noticeAddress: form.noticeAddress } };
    default:
      return undefined;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body)
    return data<SettingsActionData>({ ok: false, message: body.bodyError.message }, { status: body.bodyError.status });
  const form = body.fields;
  const section = form.intent ?? "";
  const answer = (result: SettingsActionData, status = result.ok ? 200 : 400) =>
    data<SettingsActionData>({ ...result, section }, { status });
  const admin = context.get(adminContext);
  if (admin.role !== "owner") return answer({ ok: false, message: workshopMessages.ownerOnly }, 403);
  const change = sectionFromForm(section, form);
  if (!change) return answer({ ok: false, message: workshopMessages.invalid });
  const parsed = workshopChangeSchema.safeParse(change);
  if (!parsed.success)
    return answer({ ok: false, message: workshopMessages.invalid, fields: workshopFieldMessages(parsed.error), values: form });
  const result = await changeWorkshopFacts(context.get(databaseContext), { admin, change: parsed.data, config: env(), now: new Date() });
  if (!result.ok) {
    if (result.code === "ownerOnly") return answer({ ok: false, message: workshopMessages.ownerOnly }, 403);
    if (result.code === "stepUpRequired") throw stepUpRedirect(request);
    return answer({ ok: false, message: workshopMessages.invalid, fields: result.fields, values: form });
  }
  const { changes, outsideHours } = result.value;
  return answer({
    ok: true,
    message: changes.length === 0 ? workshopMessages.unchanged : workshopMessages.saved,
    outsideHours: outsideHours.length,
  });
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Each section's title and what it holds. */
const SECTIONS = {
  workshop: { title: "Werkstatt", description: "Name, Adresse, Telefon, E-Mail und Kartenposition." },
  imprint: { title: "Impressum", description: "Pflichtangaben nach § 5 ECG und § 25 MedienG." },
  hours: {
    title: "Öffnungszeiten",
    description: "Je Wochentag geschlossen oder Öffnungs- und Schließzeit, auf Wunsch mit Mittagspause (volle oder halbe Stunden).",
  },
  services: {
    title: "Leistungen",
    description:
      "Name, Beschreibung, Dauer in halben Stunden, online buchbar, was sie braucht und ein Preis „ab €“. Eine Leistung wird nie gelöscht, nur eingestellt: Termine behalten den Namen, mit dem sie gebucht wurden.",
  },
  bookingRules: {
    title: "Buchungsregeln",
    description: "Was das Buchungsformular erlaubt, wann Kund:innen absagen können und wann die Erinnerung kommt.",
  },
  email: { title: "E-Mail", description: "Der Absendername der E-Mails und die Adresse für Benachrichtigungen der Werkstatt." },
} as const;

/** The Impressum's fields, label by key. */
const IMPRINT_FIELDS = [
  ["companyRegister", "Firmenbuchnummer"],
  ["registerCourt", "Firmenbuchgericht"],
  ["vatId", "UID-Nummer"],
  ["managingDirector", "Geschäftsführung"],
  ["supervisoryAuthority", "Aufsichtsbehörde"],
  ["chamber", "Kammer"],
] as const;

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { facts, canChange, outsideHours, history } = loaderData;
  const sectionProps = (id: keyof typeof SECTIONS) => ({ data: loaderData, actionData, id, ...SECTIONS[id] });
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">Einstellungen</h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        Alles, was die Website, das Buchungsformular und die E-Mails über die Werkstatt sagen. Eine Änderung zeigt die Website nach wenigen
        Sekunden, ohne Neustart.
      </p>
      {canChange ? null : (
        <p role="note" className="rounded-md border border-border p-3 text-sm">
          {workshopMessages.readOnly}
        </p>
      )}
      {outsideHours.length > 0 ? <OutsideHours appointments={outsideHours} /> : null}
      <Section {...sectionProps("workshop")}>
        {(field) => (
          <>
            {field("legalName", "Firmenwortlaut", facts.workshop.legalName)}
            {field("street", "Straße und Hausnummer", facts.workshop.street)}
            <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
              {field("postalCode", "Postleitzahl", facts.workshop.postalCode, { inputMode: "numeric" })}
              {field("city", "Ort", facts.workshop.city)}
            </div>
            {Array.from({ length: PHONE_ROWS }, (_, index) => (
              <div key={index} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                {field(`phoneLabel${index}`, `Telefon ${index + 1}: Bezeichnung`, facts.workshop.phones[index]?.label ?? "", {
                  error: `workshop.phones.${index}.label`,
                })}
                {field(`phoneNumber${index}`, `Telefon ${index + 1}: Nummer`, facts.workshop.phones[index]?.number ?? "", {
                  type: "tel",
                  error: index === 0 ? [`workshop.phones.${index}.number`, "workshop.phones"] : `workshop.phones.${index}.number`,
                })}
              </div>
            ))}
            {field("email", "E-Mail-Adresse", facts.workshop.email, { type: "email" })}
            <div className="grid gap-3 sm:grid-cols-2">
              {field("latitude", "Kartenposition: Breite", String(facts.workshop.latitude), { inputMode: "decimal" })}
              {field("longitude", "Kartenposition: Länge", String(facts.workshop.longitude), { inputMode: "decimal" })}
            </div>
          </>
        )}
      </Section>
      <Section {...sectionProps("imprint")}>
        {(field) => (
          <>
            {IMPRINT_FIELDS.map(([key, label]) => (
              <div key={key}>{field(key, label, facts.imprint[key])}</div>
            ))}
          </>
        )}
      </Section>
      <Section {...sectionProps("hours")}>
        {(field, values) => (
          <div className="grid gap-4">
            {WEEK_ORDER.map((day) => {
              const hours = facts.hours[day];
              const closedValue = values ? checked(values[`closed${day}`]) : hours === null;
              return (
                <fieldset key={day} className="grid gap-2 rounded-md border border-border p-3">
                  <legend className="px-1 text-sm font-semibold">{WEEKDAYS[day]}</legend>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name={`closed${day}`} defaultChecked={closedValue} disabled={!canChange} className="size-5" />
                    geschlossen
                  </label>
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                    {field(`open${day}`, "Öffnet", hours?.open ?? "", { type: "time", step: 1800, error: `hours.${day}.open` })}
                    {field(`close${day}`, "Schließt", hours?.close ?? "", {
                      type: "time",
                      step: 1800,
                      error: [`hours.${day}.close`, `hours.${day}`],
                    })}
                    {field(`breakFrom${day}`, "Pause von", hours?.breakFrom ?? "", {
                      type: "time",
                      step: 1800,
                      error: `hours.${day}.breakFrom`,
                    })}
                    {field(`breakTo${day}`, "Pause bis", hours?.breakTo ?? "", { type: "time", step: 1800, error: `hours.${day}.breakTo` })}
                  </div>
                </fieldset>
              );
            })}
          </div>
        )}
      </Section>
      <Section {...sectionProps("services")}>
        {(field, values) => (
          <div className="grid gap-4">
            <input type="hidden" name="serviceCount" value={facts.services.length} />
            {facts.services.map((service, index) => (
              <ServiceFields
                key={service.id}
                row={`${index}`}
                index={index}
                service={service}
                field={field}
                values={values}
                canChange={canChange}
              />
            ))}
            {canChange ? <ServiceFields row="new" index={facts.services.length} field={field} values={values} canChange /> : null}
          </div>
        )}
      </Section>
      <Section {...sectionProps("bookingRules")}>
        {(field) => (
          <div className="grid gap-3 sm:grid-cols-2">
            {field("leadTimeMinutes", "Vorlaufzeit (Minuten)", String(facts.bookingRules.leadTimeMinutes), { inputMode: "numeric" })}
            {field("horizonDays", "Buchbar im Voraus (Tage)", String(facts.bookingRules.horizonDays), { inputMode: "numeric" })}
            {field("maxOpenRequestsPerEmail", "Offene Anfragen je E-Mail-Adresse", String(facts.bookingRules.maxOpenRequestsPerEmail), {
              inputMode: "numeric",
            })}
            {field("pickupsPerDay", "Abholungen pro Tag", String(facts.bookingRules.pickupsPerDay), { inputMode: "numeric" })}
            {field("cancelCutoffHours", "Online absagen bis (Stunden vor dem Termin)", String(facts.bookingRules.cancelCutoffHours), {
              inputMode: "decimal",
            })}
            {field("reminderHours", "Erinnerung (Stunden vor dem Termin)", String(facts.bookingRules.reminderHours), {
              inputMode: "decimal",
            })}
            {field("fewFreeSlots", "„Nur noch wenige Termine frei“ ab (freie Zeiten)", String(facts.bookingRules.fewFreeSlots), {
              inputMode: "numeric",
            })}
            <div className="sm:col-span-2">
              {field("pickupPostalCodes", "Postleitzahlen des Hol- und Bringservice", facts.bookingRules.pickupPostalCodes.join(" "), {
                multiline: true,
                error: [
                  "bookingRules.pickupPostalCodes",
                  ...facts.bookingRules.pickupPostalCodes.map((_, i) => `bookingRules.pickupPostalCodes.${i}`),
                ],
              })}
            </div>
          </div>
        )}
      </Section>
      <Section {...sectionProps("email")}>
        {(field) => (
          <>
            {field("senderName", "Absendername", facts.email.senderName)}
            {field("noticeAddress", "Adresse für Benachrichtigungen", facts.email.noticeAddress, { type: "email" })}
          </>
        )}
      </Section>
      <History entries={history} services={facts.services} />
    </div>
  );
}

type FieldOptions = {
  type?: string;
  inputMode?: "numeric" | "decimal";
  step?: number;
  multiline?: boolean;
  /** A line under the field, read with it. */
  hint?: string;
  /** The key(s) of the field's error (`section.field` by default). */
  error?: string | string[];
};
type FieldRenderer = (name: string, label: string, value: string, options?: FieldOptions) => React.ReactNode;

/** One section: its card, its form (owner) or its read-only fields (staff), its answer. */
function Section({
  data: { canChange, envLocked, facts },
  actionData,
  id,
  title,
  description,
  children,
}: {
  data: LoaderData;
  actionData: SettingsActionData | undefined;
  id: keyof typeof SECTIONS;
  title: string;
  description: string;
  children: (field: FieldRenderer, values: Record<string, string> | undefined) => React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const mine = actionData?.section === id ? actionData : undefined;
  const values = mine && !mine.ok ? mine.values : undefined;
  const fields = mine?.fields ?? {};
  const field: FieldRenderer = (name, label, value, options = {}) => {
    const key = `${id}.${name}`;
    const lock = envLocked[key];
    const errorKeys = options.error === undefined ? [key] : Array.isArray(options.error) ? options.error : [options.error];
    const error = errorKeys.map((errorKey) => fields[errorKey]).find(Boolean);
    const inputId = `${id}-${name}`;
    const common = {
      id: inputId,
      name,
      defaultValue: lock ? String(lock.value) : (values?.[name] ?? value),
      readOnly: !canChange || Boolean(lock),
      "aria-invalid": error ? true : undefined,
      "aria-describedby":
        [options.hint ? `${inputId}-hint` : "", error ? `${inputId}-error` : "", lock ? `${inputId}-note` : ""].filter(Boolean).join(" ") ||
        undefined,
    };
    return (
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={inputId} className="leading-snug [overflow-wrap:anywhere]">
          {label}
        </Label>
        {options.multiline ? (
          <Textarea {...common} />
        ) : (
          <Input {...common} type={options.type ?? "text"} inputMode={options.inputMode} step={options.step} />
        )}
        {options.hint ? (
          <p id={`${inputId}-hint`} className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {options.hint}
          </p>
        ) : null}
        {lock ? (
          <p id={`${inputId}-note`} className="text-sm text-muted-foreground">
            {workshopMessages.envNote(lock.variable)}
          </p>
        ) : null}
        <FieldError id={`${inputId}-error`}>{error}</FieldError>
      </div>
    );
  };
  return (
    <Card id={id}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {mine ? <ResultMessage result={mine} /> : null}
        {mine?.ok && mine.outsideHours ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
            {workshopMessages.outsideHours(mine.outsideHours)}
          </p>
        ) : null}
        {/*
          Keyed by this section's stored values and its answer, so its fields show what was saved or
          typed; not by the facts' version, which another section's save (or another admin's) changes:
          that would put back what the owner typed here and has not saved yet.
        */}
        <Form
          method="post"
          action={`${PAGE}#${id}`}
          className="grid gap-3"
          key={`${JSON.stringify(facts[id])}-${mine ? JSON.stringify(mine.values ?? {}) : ""}`}
        >
          <input type="hidden" name="intent" value={id} />
          {children(field, values)}
          {canChange ? (
            <div>
              <Button type="submit" disabled={busy}>
                {title} speichern
              </Button>
            </div>
          ) : null}
        </Form>
      </CardContent>
    </Card>
  );
}

type StoredService = LoaderData["facts"]["services"][number];

function ServiceFields({
  row,
  index,
  service,
  field,
  values,
  canChange,
}: {
  row: string;
  index: number;
  service?: StoredService;
  field: FieldRenderer;
  values: Record<string, string> | undefined;
  canChange: boolean;
}) {
  const box = (name: string, label: string, stored: boolean) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        defaultChecked={values ? checked(values[name]) : stored}
        disabled={!canChange}
        className="size-5"
      />
      {label}
    </label>
  );
  const errorOf = (key: string) => `services.${index}.${key}`;
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold [overflow-wrap:anywhere]">
        {service ? `${service.name}${service.retired ? " (eingestellt)" : ""}` : "Neue Leistung"}
      </legend>
      {service ? <input type="hidden" name={`id_${row}`} value={service.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-[6rem_1fr]">
        {field(`position_${row}`, "Reihenfolge", String(index + 1), { inputMode: "numeric", error: [] })}
        {field(`name_${row}`, serviceFieldLabels.name, service?.name ?? "", { error: [errorOf("name"), ...(service ? [] : [])] })}
      </div>
      {field(`description_${row}`, serviceFieldLabels.description, service?.description ?? "", {
        multiline: true,
        error: errorOf("description"),
      })}
      <div className="grid items-start gap-3 sm:grid-cols-2">
        {field(`durationSteps_${row}`, serviceFieldLabels.durationSteps, String(service?.durationSteps ?? 1), {
          inputMode: "numeric",
          error: errorOf("durationSteps"),
        })}
        {field(`combinedSteps_${row}`, serviceFieldLabels.combinedSteps, service?.combinedSteps ? String(service.combinedSteps) : "", {
          inputMode: "numeric",
          hint: serviceFieldMessages.combinedHint,
          error: errorOf("combinedSteps"),
        })}
        {field(
          `priceFrom_${row}`,
          "Preis ab € (leer: kein Preis)",
          service?.priceFrom === null || !service ? "" : String(service.priceFrom),
          {
            inputMode: "decimal",
            error: errorOf("priceFrom"),
          },
        )}
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{serviceFieldLabels.needs}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {NEED_KINDS.map((kind) => (
            <span key={kind}>
              {box(`needs_${row}_${kind}`, resourceMessages.kindLabels[kind], service?.needs.includes(kind) ?? kind === "mechanic")}
            </span>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {box(`bookable_${row}`, serviceFieldLabels.bookable, service?.bookable ?? true)}
        {service ? box(`retired_${row}`, "eingestellt (nicht mehr angeboten)", service.retired) : null}
      </div>
    </fieldset>
  );
}

function OutsideHours({ appointments }: { appointments: LoaderData["outsideHours"] }) {
  return (
    <section aria-labelledby="outside-hours-title" className="grid gap-2 rounded-md border border-destructive p-4">
      <h3 id="outside-hours-title" className="font-semibold">
        Termine außerhalb der Öffnungszeiten
      </h3>
      <p className="text-sm">{workshopMessages.outsideHours(appointments.length)}</p>
      <ul className="grid gap-1 text-sm">
        {appointments.map((appointment) => (
          <li key={appointment.id} className="[overflow-wrap:anywhere]">
            <Link to={`/admin/termine/${appointment.id}`} className="underline underline-offset-4">
              {formatIsoDateDE(appointment.date)}, {appointment.time} Uhr – {appointment.service} ({appointment.name})
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A history entry's field in words: a service's field by its current name and label, any other by its path. */
function fieldLabel(field: string, services: ReadonlyArray<StoredService>): string {
  const [section, id, key] = field.split(".");
  const service = services.find((candidate) => candidate.id === id);
  if (section !== "services" || !service || key === undefined || !(key in serviceFieldLabels)) return field;
  return serviceFieldMessages.historyField(service.name, serviceFieldLabels[key as keyof typeof serviceFieldLabels]);
}

/** A stored value in words: a list, a day's hours, a service, or the value itself. */
function shown(value: unknown, field: string): string {
  if ((value === null || value === undefined) && field.endsWith(".combinedSteps")) return serviceFieldMessages.combinedNone;
  if (value === null || value === undefined) return "–";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function History({ entries, services }: { entries: LoaderData["history"]; services: ReadonlyArray<StoredService> }) {
  return (
    <section aria-labelledby="history-title" className="grid gap-3">
      <h3 id="history-title" className="text-xl font-semibold">
        Verlauf
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Noch keine Änderungen: es gelten die Werte des Auslieferungszustands.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 rounded-md border border-border p-3 [overflow-wrap:anywhere]">
              <span className="font-medium">
                {formatDateTimeVienna(entry.changedAt)} · {entry.actor} · {fieldLabel(entry.field, services)}
              </span>
              <span>
                <span className="text-muted-foreground">alt:</span> {shown(entry.oldValue, entry.field)}
              </span>
              <span>
                <span className="text-muted-foreground">neu:</span> {shown(entry.newValue, entry.field)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
