import { site } from "../../app/config/site";

/** The six public pages with the heading and texts each must show (with or without JavaScript). */
export const publicPageContent = [
  {
    path: "/",
    heading: site.tagline,
    texts: [
      site.content.heroText,
      "Unsere Leistungen",
      ...site.services.map((service) => service.name),
      ...site.content.highlights.map((highlight) => highlight.title),
      `Über ${site.name}`,
      ...site.content.aboutPoints,
      "Mehr über uns erfahren",
      "Termin vereinbaren",
      "Jetzt anrufen",
      ...site.phones.map((phone) => phone.display),
      site.email,
      "Karte laden",
      "In Google Maps öffnen",
    ],
  },
  {
    path: "/ueber-uns",
    heading: "Über uns",
    texts: [
      "Unsere Geschichte",
      ...site.content.history,
      ...site.content.values.map((value) => value.title),
      "Unser Team",
      ...site.content.team.map((group) => group.title),
      ...site.content.whyUs,
      "Kostenloser Hol- und Bringservice im Stadtgebiet",
      "Garantie auf alle Arbeiten",
    ],
  },
  {
    path: "/kontakt",
    heading: "Kontakt",
    texts: [
      "Öffnungszeiten",
      "Montag – Freitag",
      "8:00 – 18:00",
      "Samstag",
      "9:00 – 14:00",
      "Sonntag",
      "geschlossen",
      ...site.phones.map((phone) => phone.display),
      site.email,
      "Karte laden",
      "In Google Maps öffnen",
    ],
  },
  {
    path: "/impressum",
    heading: "Impressum",
    texts: [
      "§ 5 E-Commerce-Gesetz (ECG)",
      "§ 25 Mediengesetz (MedienG)",
      site.legalName,
      site.legal.companyRegister,
      site.legal.registerCourt,
      site.legal.vatId,
      site.legal.supervisoryAuthority,
      site.legal.chamber,
    ],
  },
  {
    path: "/datenschutz",
    heading: "Datenschutzerklärung",
    texts: [
      "Art. 6 Abs. 1 lit. b DSGVO",
      "Art. 6 Abs. 1 lit. f DSGVO",
      `${site.retention.unconfirmedDaysAfterDate} Tage nach dem`,
      `${site.retention.confirmedMonthsAfterDate} Monate nach dem Termin`,
      `${site.retention.contactMessagesMonths} Monate nach ihrem Eingang`,
      "localStorage",
      "Karte laden",
      "Hosting-Anbieter",
      "E-Mail-Anbieter",
      "Österreichische Datenschutzbehörde",
      "Wir setzen keine Analyse-, Tracking- oder Werbedienste ein",
    ],
  },
  {
    path: "/agb",
    heading: "Allgemeine Geschäftsbedingungen",
    texts: [
      "Rechnungen sind innerhalb von 14 Tagen ab Rechnungsdatum ohne Abzug zur Zahlung fällig.",
      "Für gebrauchte Waren (etwa gebrauchte Ersatzteile oder Reifen) beträgt die Gewährleistungsfrist ein Jahr",
      "Es gilt österreichisches Recht",
    ],
  },
] as const;

/** Shared by header and footer on every page. */
export const layoutTexts = ["© 2024 Happy Car. Alle Rechte vorbehalten.", "Navigation", "Rechtliches", "Datenschutz", "AGB"];
