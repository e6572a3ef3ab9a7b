/**
 * Every fact about the workshop, in one place. Pages, e-mails, the slot
 * rules and the structured data for search engines all read from here.
 *
 * The seed did not give the real street, phone numbers or e-mail address:
 * the values marked EXAMPLE are fictitious and must be replaced before go-live.
 *
 * Only the defaults of a new database (issue 29, decision 042): the owner keeps the workshop's
 * facts on the board's 'Einstellungen' page (app/domain/workshop.ts, app/services/workshop-facts.server.ts).
 */

import type { ServiceNeeds } from "~/domain/resources";

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6; // 0 = Sunday, as in Date#getDay

export type OpeningHours = { open: string; close: string } | null;

export type Service = {
  name: string;
  description: string;
  /** Whether a customer can request an appointment for it online. */
  bookable: boolean;
  /** How long the work takes, a multiple of booking.slotMinutes: a booking occupies every slot it covers. */
  durationMinutes: number;
  /**
   * Optional: how long it takes as one of several services in a visit (issue 28, decision 045), a
   * visit of several lasting the sum of these rounded up to whole slots; absent, `durationMinutes`.
   * Only a new database's default (`combinedSteps` of the workshop's facts): the owner sets it on
   * 'Einstellungen' → Leistungen (decision 045's amendment).
   */
  combinedMinutes?: number;
  /**
   * What one appointment of it holds for the whole duration, one of each kind (decision 038): every
   * service a mechanic; work under the car a lift; the §57a the inspection place (its own lift).
   */
  needs: ServiceNeeds;
};

const name = "Happy Car";
const experienceClaim = "mehr als 20 Jahre Erfahrung";
const foundedYear = 2003; // EXAMPLE

/**
 * The only third party the site talks to, and only after the visitor asks for
 * the map: the embed's address and the CSP's only frame source (server/security-headers.ts).
 */
export const MAP_ORIGIN = "https://www.openstreetmap.org";

export const site = {
  name,
  legalName: "Happy Car KFZ-Werkstätte GmbH", // EXAMPLE
  /** The public address of the site: canonical links of the public pages and the sitemap (PUBLIC_URL overrides it). */
  url: "https://www.happycar.example", // EXAMPLE
  tagline: "Ihre vertrauenswürdige Autowerkstatt in Wien",
  experienceClaim,
  foundedYear,
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
  /** The e-mails' sender name (MAIL_FROM overrides it) and the address the workshop's notices go to (WORKSHOP_EMAIL overrides it). */
  mail: {
    senderName: "Happy Car",
    noticeAddress: "werkstatt@happycar.example", // EXAMPLE
  },
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
    {
      name: "Reparaturen",
      description: "Fachgerechte Reparaturen für alle Marken und Modelle.",
      bookable: true,
      durationMinutes: 30,
      needs: ["lift", "mechanic"],
    },
    {
      name: "§57a Überprüfung",
      description: "Die jährliche Begutachtung („Pickerl“) direkt bei uns.",
      bookable: true,
      durationMinutes: 60,
      needs: ["inspection", "mechanic"],
    },
    {
      name: "Reifenservice",
      description: "Reifenwechsel, Einlagerung, Wuchten und Reparatur.",
      bookable: true,
      durationMinutes: 30,
      needs: ["lift", "mechanic"],
    },
    {
      name: "Ölwechsel",
      description: "Motoröl und Filter nach Herstellervorgabe.",
      bookable: true,
      durationMinutes: 30,
      needs: ["lift", "mechanic"],
    },
    {
      name: "Elektrik",
      description: "Fehlerdiagnose und Reparatur der Fahrzeugelektrik.",
      bookable: true,
      durationMinutes: 30,
      needs: ["mechanic"],
    },
    {
      name: "Bremsenservice",
      description: "Prüfung und Tausch von Belägen, Scheiben und Bremsflüssigkeit.",
      bookable: true,
      durationMinutes: 30,
      needs: ["lift", "mechanic"],
    },
    {
      name: "Express-Service",
      description: "Kleine Arbeiten rasch erledigt – fragen Sie einfach nach.",
      bookable: false,
      durationMinutes: 30,
      needs: ["mechanic"],
    },
    {
      name: "Wartung",
      description: "Service nach Herstellervorgaben, ohne Verlust der Garantie.",
      bookable: true,
      durationMinutes: 30,
      needs: ["lift", "mechanic"],
    },
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
    /** Open (beantragt) requests one e-mail address may have at once. */
    maxOpenRequestsPerEmail: 3,
    /** Pick-ups (Hol- und Bringservice) per day, beantragt and bestätigt together. */
    pickupsPerDay: 3,
    /** A day shows "Nur noch wenige Termine frei" when this many free start times or fewer are left. */
    fewFreeSlots: 3,
    /**
     * Closures besides Sundays and the Austrian statutory holidays, yearly. Only
     * the defaults: the first start puts them on the board's 'Schließtage' for
     * `defaultClosureYears` years, where the owner keeps them (decision 018).
     */
    closures: [
      { month: 12, day: 24, name: "Heiliger Abend" },
      { month: 12, day: 31, name: "Silvester" },
    ] as Array<{ month: number; day: number; name: string }>,
    /** Company holidays, inclusive date ranges in yyyy-MM-dd; defaults as `closures`. */
    companyHolidays: [] as Array<{ from: string; to: string; name: string }>,
    /** For how many years, this one included, the first start enters the yearly `closures`. */
    defaultClosureYears: 5,
    /** The customer's personal link (/termin/…) works until this many days after the appointment's date. */
    selfServiceDaysAfter: 30,
    /** Customers can cancel on their page until this many hours before the start (SELF_CANCEL_CUTOFF_HOURS overrides it). */
    selfCancelHoursBefore: 24,
    /** The reminder e-mail goes out this many hours before the start (REMINDER_HOURS_BEFORE overrides it). */
    reminderHoursBefore: 24,
  },
  /** Copy of the public pages; every workshop fact above is referenced, not repeated. */
  content: {
    heroText: "Reparaturen, Überprüfungen und Service für alle Marken – schnell, transparent und zu fairen Preisen.",
    highlights: [
      {
        title: "Qualitätsgarantie",
        text: "Sorgfältige Arbeit mit Originalteilen oder gleichwertigen Ersatzteilen – und Garantie auf alle Arbeiten.",
      },
      { title: "Schneller Service", text: "Kurze Wartezeiten, verlässliche Termine und kleine Arbeiten oft noch am selben Tag." },
      { title: "Erfahrenes Team", text: `Geschulte Kfz-Techniker mit ${experienceClaim} an Fahrzeugen aller Marken.` },
    ],
    aboutIntro: `${name} ist Ihre freie Kfz-Werkstätte in Wien. Seit ${foundedYear} betreuen wir Privat- und Firmenkunden – mit ${experienceClaim} und dem Anspruch, jedes Auto so zu behandeln, als wäre es unser eigenes.`,
    aboutPoints: [
      "Meisterbetrieb mit geschulten Kfz-Technikern",
      "Moderne Diagnosetechnik für alle Marken und Modelle",
      "Transparente Kostenvoranschläge vor jeder Reparatur",
      "Persönliche Beratung und ehrliche Empfehlungen",
    ],
    history: [
      "Was als kleine Werkstatt mit zwei Hebebühnen begann, ist heute ein eingespielter Betrieb, dem Kundinnen und Kunden aus ganz Wien ihr Fahrzeug anvertrauen.",
      `Seit der Gründung im Jahr ${foundedYear} haben wir uns laufend weiterentwickelt: neue Diagnosegeräte, Schulungen für neue Antriebe und eine eigene Prüfstelle für die §57a-Begutachtung. Geblieben ist, worauf es uns ankommt – ehrliche Beratung, saubere Arbeit und faire Preise.`,
      `Heute bringen wir ${experienceClaim} in jede Reparatur, jedes Service und jede Überprüfung ein – bei Kleinwagen ebenso wie bei Familienautos und Firmenflotten.`,
    ],
    values: [
      { title: "Qualität", text: "Wir arbeiten nach Herstellervorgaben, prüfen jede Arbeit nach und verwenden hochwertige Teile." },
      { title: "Kundenorientierung", text: "Wir erklären verständlich, was Ihr Auto braucht, und reparieren nur nach Ihrer Freigabe." },
      { title: "Erfahrung", text: `Unser Team bringt ${experienceClaim} mit – von der klassischen Mechanik bis zur modernen Elektronik.` },
      { title: "Zuverlässigkeit", text: "Vereinbarte Termine und Kostenvoranschläge halten wir ein. Darauf können Sie sich verlassen." },
    ],
    team: [
      {
        title: "Werkstattleitung",
        text: "Plant die Aufträge, berät Sie bei größeren Reparaturen und sorgt dafür, dass jede Arbeit unsere Qualitätskontrolle durchläuft.",
      },
      { title: "Kfz-Techniker", text: "Erfahrene Mechaniker und Mechatroniker für Mechanik, Elektrik, Diagnose und die §57a-Überprüfung." },
      {
        title: "Kundenservice",
        text: "Nimmt Ihre Terminanfragen entgegen, beantwortet Fragen und hält Sie über den Stand Ihres Auftrags auf dem Laufenden.",
      },
    ],
    whyUs: [
      "Kostenloser Hol- und Bringservice im Stadtgebiet",
      "Garantie auf alle Arbeiten",
      "Transparente Preise ohne versteckte Kosten",
      "Kostenvoranschlag vor jeder Reparatur",
      "Service ohne Verlust der Herstellergarantie",
      "Moderne Diagnose für alle Marken",
      "Schnelle Termine, auch kurzfristig",
      "Persönliche Ansprechpartner statt Callcenter",
    ],
  },
  retention: {
    unconfirmedDaysAfterDate: 30,
    confirmedMonthsAfterDate: 12,
    contactMessagesMonths: 12,
    /** A withdrawn §57a consent, and each §57a reminder e-mail, are deleted this many months later; stated in /datenschutz. */
    inspectionReminderMonths: 12,
    /** Rate-limit counters (keyed by IP address) older than this are deleted by the daily job; stated in /datenschutz. */
    rateLimitRecordsDays: 7,
  },
} as const;

export const bookableServices = site.services.filter((service) => service.bookable).map((s) => s.name);
