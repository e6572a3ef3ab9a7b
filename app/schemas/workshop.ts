import { resourceKinds } from "~/domain/resources";
import { orderedNeeds } from "~/domain/workshop";
import { workshopMessages as m } from "~/messages";
import { cleanText } from "./text";
import { z } from "./zod";

/**
 * The workshop's facts as PUT /api/v1/admin/workshop and the 'Einstellungen' forms send them
 * (issue 29): any of the sections, each whole; every field with its German message.
 */

function text(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .transform((value) => cleanText(value))
    .pipe(z.string().min(min, message).max(max, message));
}

const email = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.trim())
    .pipe(z.email({ error: message }).max(254, message));

/** A number from JSON, or typed in a form with a decimal comma ("2,5"). */
function decimal(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim().replace(",", ".")) : value),
    z.number({ error: message }).min(min, message).max(max, message),
  );
}

function whole(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

const phone = z.object({
  label: text(1, 30, m.phoneLabel),
  number: text(3, 30, m.phoneNumber).pipe(z.string().regex(/^\+?[\d /()-]{3,30}$/, m.phoneNumber)),
});

const workshopSection = z.object({
  legalName: text(2, 120, m.legalName),
  street: text(3, 120, m.street),
  postalCode: text(4, 4, m.postalCode).pipe(z.string().regex(/^\d{4}$/, m.postalCode)),
  city: text(2, 60, m.city),
  phones: z.array(phone, { error: m.phones }).min(1, m.phones).max(3, m.phones),
  email: email(m.email),
  latitude: decimal(-90, 90, m.latitude),
  longitude: decimal(-180, 180, m.longitude),
});

const imprintSection = z.object({
  companyRegister: text(2, 40, m.companyRegister),
  registerCourt: text(2, 120, m.registerCourt),
  vatId: text(4, 20, m.vatId).pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{2,14}$/, m.vatId)),
  managingDirector: text(2, 120, m.managingDirector),
  supervisoryAuthority: text(2, 160, m.supervisoryAuthority),
  chamber: text(2, 160, m.chamber),
});

/** HH:mm on the half-hour grid the slots, the planner and the closures use. */
const time = z.string({ error: m.hoursTime }).regex(/^([01]\d|2[0-3]):(00|30)$/, m.hoursTime);

const day = z
  .object(
    {
      open: time,
      close: time,
      breakFrom: time.nullable().default(null),
      breakTo: time.nullable().default(null),
    },
    { error: m.hoursDay },
  )
  .nullable()
  .superRefine((hours, context) => {
    if (!hours) return;
    if (hours.close <= hours.open) context.addIssue({ code: "custom", path: ["close"], message: m.hoursOrder });
    const { breakFrom, breakTo } = hours;
    if ((breakFrom === null) !== (breakTo === null)) context.addIssue({ code: "custom", path: ["breakFrom"], message: m.hoursBreak });
    else if (breakFrom !== null && breakTo !== null && !(hours.open < breakFrom && breakFrom < breakTo && breakTo < hours.close))
      context.addIssue({ code: "custom", path: ["breakFrom"], message: m.hoursBreak });
  });

const hoursSection = z.object({ 0: day, 1: day, 2: day, 3: day, 4: day, 5: day, 6: day }, { error: m.hoursDay });

const needKinds = resourceKinds.filter((kind) => kind !== "courtesy_car");

const service = z
  .object({
    /** Absent for a new service: it gets its id from its name. */
    id: z.string().max(80).optional(),
    name: text(2, 60, m.serviceName),
    description: z
      .string({ error: m.serviceDescription })
      .transform((value) => cleanText(value))
      .pipe(z.string().max(200, m.serviceDescription)),
    durationSteps: whole(1, 32, m.serviceDuration),
    /** Optional (issue 28): its time as one of several services in a visit; absent, null or blank: its duration. Checked against it below. */
    combinedSteps: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      whole(1, 32, m.serviceCombined).nullable(),
    ),
    bookable: z.boolean({ error: m.serviceBookable }),
    needs: z
      .array(z.enum(needKinds, { error: m.serviceNeeds }), { error: m.serviceNeeds })
      .min(1, m.serviceNeeds)
      .transform((needs) => [...orderedNeeds(needs)]),
    priceFrom: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      decimal(0, 100_000, m.servicePrice)
        .transform((value) => Math.round(value * 100) / 100)
        .nullable(),
    ),
    retired: z.boolean({ error: m.serviceRetired }).default(false),
  })
  .superRefine((entry, context) => {
    if (entry.combinedSteps !== null && entry.combinedSteps > entry.durationSteps)
      context.addIssue({ code: "custom", path: ["combinedSteps"], message: m.serviceCombined });
  });

const servicesSection = z
  .array(service, { error: m.services })
  .min(1, m.services)
  .max(40, m.services)
  .superRefine((services, context) => {
    const names = services.map((entry) => entry.name.toLocaleLowerCase("de"));
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) context.addIssue({ code: "custom", path: [index, "name"], message: m.serviceNameTaken });
    });
  });

const postalCodes = z.preprocess(
  (value) => (typeof value === "string" ? value.split(/[\s,;]+/).filter(Boolean) : value),
  z
    .array(z.string().regex(/^\d{4}$/, m.pickupPostalCodes), { error: m.pickupPostalCodes })
    .max(200, m.pickupPostalCodes)
    .transform((codes) => [...new Set(codes)].sort()),
);

const bookingRulesSection = z.object({
  leadTimeMinutes: whole(0, 10_080, m.leadTimeMinutes),
  horizonDays: whole(1, 365, m.horizonDays),
  maxOpenRequestsPerEmail: whole(1, 20, m.maxOpenRequestsPerEmail),
  pickupPostalCodes: postalCodes,
  pickupsPerDay: whole(0, 50, m.pickupsPerDay),
  cancelCutoffHours: decimal(0, 720, m.cancelCutoffHours),
  reminderHours: decimal(1, 168, m.reminderHours),
  fewFreeSlots: whole(0, 20, m.fewFreeSlots),
});

const emailSection = z.object({
  senderName: text(1, 60, m.senderName).pipe(z.string().regex(/^[^<>",;]+$/, m.senderName)),
  noticeAddress: email(m.noticeAddress),
});

/** PUT /api/v1/admin/workshop: one or more sections, each whole. */
export const workshopChangeSchema = z
  .object({
    workshop: workshopSection.optional(),
    imprint: imprintSection.optional(),
    hours: hoursSection.optional(),
    services: servicesSection.optional(),
    bookingRules: bookingRulesSection.optional(),
    email: emailSection.optional(),
  })
  .refine((change) => Object.values(change).some((section) => section !== undefined), { message: m.nothingToChange, path: ["workshop"] });

export type WorkshopChange = z.output<typeof workshopChangeSchema>;
export type ServiceChange = NonNullable<WorkshopChange["services"]>[number];

/** The German message of each bad field, keyed by its path (`workshop.phones.0.number`, `services.2.name`, `hours.6.close`). */
export function workshopFieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join(".") || "workshop"] ??= issue.message;
  return fields;
}
