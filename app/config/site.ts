/**
 * Every fact about the workshop, in one place. Pages, e-mails, the slot
 * rules and the structured data for search engines all read from here.
 *
 * The seed did not give the real street, phone numbers or e-mail address:
 * the values marked EXAMPLE are fictitious and must be replaced before go-live.
 */

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6; // 0 = Sunday, as in Date#getDay

export type OpeningHours = { open: string; close: string } | null;

export type Service = {
  name: string;
  description: string;
  /** Whether a customer can request an appointment for it online. */
  bookable: boolean;
};

export const site = {
  name: "Happy Car",
  legalName: "Happy Car KFZ-Werkstätte GmbH", // EXAMPLE
  tagline: "Ihre vertrauenswürdige Autowerkstatt in Wien",
  experienceClaim: "mehr als 20 Jahre Erfahrung",
  foundedYear: 2003, // EXAMPLE
  copyrightYear: 2024,
  timeZone: "Europe/Vienna",
  address: {
    street: "Musterstraße 12", // EXAMPLE
    postalCode: "1100", // EXAMPLE
    city: "Wien",
    country: "Österreich",
    countryCode: "AT",
    latitude: 48.1766, // EXAMPLE
    longitude: 16.3802, // EXAMPLE
  },
  phones: [
    { label: "Werkstatt", display: "01 234 56 78", href: "tel:+4312345678" }, // EXAMPLE
    { label: "Mobil", display: "0660 123 45 67", href: "tel:+436601234567" }, // EXAMPLE
  ],
  email: "office@happycar.example", // EXAMPLE
  legal: {
    companyRegister: "FN 123456a", // EXAMPLE
    registerCourt: "Handelsgericht Wien",
    vatId: "ATU12345678", // EXAMPLE
    managingDirector: "Max Mustermann", // EXAMPLE
    businessPurpose: "Kraftfahrzeugtechnik (Reparatur und Service von Kraftfahrzeugen)",
    supervisoryAuthority: "Magistratisches Bezirksamt für den 10. Bezirk",
    chamber: "Wirtschaftskammer Wien, Landesinnung der Fahrzeugtechnik",
    tradeRegulations: "Gewerbeordnung (GewO), abrufbar unter www.ris.bka.gv.at",
  },
  /** Opening hours per weekday, 0 = Sunday. */
  openingHours: {
    0: null,
    1: { open: "08:00", close: "18:00" },
    2: { open: "08:00", close: "18:00" },
    3: { open: "08:00", close: "18:00" },
    4: { open: "08:00", close: "18:00" },
    5: { open: "08:00", close: "18:00" },
    6: { open: "09:00", close: "14:00" },
  } satisfies Record<Weekday, OpeningHours>,
  /** Opening hours as customers read them (seed: "Mon-Fri 8:00-18:00, Sat 9:00-14:00, Sun closed"). */
  openingHoursDisplay: [
    { days: "Montag – Freitag", hours: "8:00 – 18:00" },
    { days: "Samstag", hours: "9:00 – 14:00" },
    { days: "Sonntag", hours: "geschlossen" },
  ],
  services: [
    { name: "Reparaturen", description: "Fachgerechte Reparaturen für alle Marken und Modelle.", bookable: true },
    { name: "§57a Überprüfung", description: "Die jährliche Begutachtung („Pickerl“) direkt bei uns.", bookable: true },
    { name: "Reifenservice", description: "Reifenwechsel, Einlagerung, Wuchten und Reparatur.", bookable: true },
    { name: "Ölwechsel", description: "Motoröl und Filter nach Herstellervorgabe.", bookable: true },
    { name: "Elektrik", description: "Fehlerdiagnose und Reparatur der Fahrzeugelektrik.", bookable: true },
    { name: "Bremsenservice", description: "Prüfung und Tausch von Belägen, Scheiben und Bremsflüssigkeit.", bookable: true },
    { name: "Express-Service", description: "Kleine Arbeiten rasch erledigt – fragen Sie einfach nach.", bookable: false },
    { name: "Wartung", description: "Service nach Herstellervorgaben, ohne Verlust der Garantie.", bookable: true },
  ] satisfies Service[],
  booking: {
    /** Length of one slot in minutes; appointments start every slotMinutes. */
    slotMinutes: 30,
    /** The last slot starts this many minutes before closing. */
    lastStartBeforeCloseMinutes: 60,
    /** Slots that start sooner than this after "now" cannot be requested. */
    leadTimeMinutes: 120,
    /** How many days ahead appointments can be requested. */
    horizonDays: 90,
    /** How many appointments one slot can hold (SLOT_CAPACITY overrides it). */
    slotCapacity: 1,
    /** Open (beantragt) requests one e-mail address may have at once. */
    maxOpenRequestsPerEmail: 3,
    /** Appointment length in the calendar invite. */
    appointmentMinutes: 60,
    /** Extra closures besides Sundays and the Austrian statutory holidays. */
    closures: [
      { month: 12, day: 24, name: "Heiliger Abend" },
      { month: 12, day: 31, name: "Silvester" },
    ] as Array<{ month: number; day: number; name: string }>,
    /** Company holidays, inclusive date ranges in yyyy-MM-dd. */
    companyHolidays: [] as Array<{ from: string; to: string; name: string }>,
  },
  retention: {
    unconfirmedDaysAfterDate: 30,
    confirmedMonthsAfterDate: 12,
    contactMessagesMonths: 12,
  },
} as const;

export const bookableServices = site.services.filter((service) => service.bookable).map((s) => s.name);

export const fullAddress = `${site.address.street}, ${site.address.postalCode} ${site.address.city}`;
