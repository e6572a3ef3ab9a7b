import type { MetaDescriptor } from "react-router";
import { fullAddress, site } from "~/config/site";

/**
 * The origin of canonical links, structured data and the sitemap: PUBLIC_URL
 * (at build time for the prerendered pages), or the site's configured address.
 */
export function canonicalOrigin(): string {
  return new URL(process.env.PUBLIC_URL || site.url).origin;
}

/** The six public pages: their paths, titles and descriptions (meta tags and sitemap). */
export const publicPages = {
  home: {
    path: "/",
    title: `${site.name} – Autowerkstatt in Wien | Reparatur, Service, §57a`,
    description: `${site.tagline}: Reparaturen, §57a-Überprüfung, Reifen- und Bremsenservice für alle Marken – ${site.experienceClaim}. Termin jetzt online anfragen.`,
  },
  about: {
    path: "/ueber-uns",
    title: `Über uns – ${site.name}`,
    description: `Lernen Sie ${site.name} kennen: unsere Geschichte, unsere Werte und unser Team – ${site.experienceClaim} in ${site.address.city}.`,
  },
  contact: {
    path: "/kontakt",
    title: `Kontakt – ${site.name}`,
    description: `Kontakt, Öffnungszeiten und Anfahrt: ${site.name}, ${fullAddress}. Schreiben Sie uns oder rufen Sie an.`,
  },
  imprint: {
    path: "/impressum",
    title: `Impressum – ${site.name}`,
    description: `Impressum und Offenlegung von ${site.legalName} gemäß § 5 ECG und § 25 MedienG.`,
  },
  privacy: {
    path: "/datenschutz",
    title: `Datenschutzerklärung – ${site.name}`,
    description: `Wie ${site.name} Ihre Daten bei Terminanfragen und Kontaktnachrichten verarbeitet und welche Rechte Sie haben.`,
  },
  terms: {
    path: "/agb",
    title: `Allgemeine Geschäftsbedingungen – ${site.name}`,
    description: `Die Allgemeinen Geschäftsbedingungen von ${site.legalName} für Reparatur-, Service- und Prüfaufträge.`,
  },
} as const;

export type PublicPage = (typeof publicPages)[keyof typeof publicPages];

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site layout's loader hands every page the public origin (PUBLIC_URL or the request's host). */
export function originFromMatches(matches: readonly MatchWithData[]): string {
  for (const match of matches) {
    const data = match?.loaderData;
    if (data && typeof data === "object" && "origin" in data && typeof data.origin === "string") {
      return data.origin;
    }
  }
  return "";
}

/** Title, description, canonical link and Open Graph tags of one page. */
export function pageMeta(page: PublicPage, origin: string): MetaDescriptor[] {
  const url = `${origin}${page.path}`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "de_AT" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}/og-image.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${site.name} Logo` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

const schemaDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** schema.org AutoRepair for search engines, built only from the site configuration. */
export function autoRepairJsonLd(origin: string) {
  const byHours = new Map<string, { opens: string; closes: string; dayOfWeek: string[] }>();
  for (const [day, hours] of Object.entries(site.openingHours)) {
    if (!hours) continue;
    const key = `${hours.open}-${hours.close}`;
    const entry = byHours.get(key) ?? { opens: hours.open, closes: hours.close, dayOfWeek: [] };
    entry.dayOfWeek.push(schemaDays[Number(day)]!);
    byHours.set(key, entry);
  }
  return {
    "@context": "https://schema.org",
    "@type": "AutoRepair",
    "@id": `${origin}/#organization`,
    name: site.name,
    legalName: site.legalName,
    description: publicPages.home.description,
    url: `${origin}/`,
    logo: `${origin}/icon-512.png`,
    image: `${origin}/og-image.png`,
    telephone: site.phones[0].href.replace(/^tel:/, ""),
    email: site.email,
    foundingDate: String(site.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressCountry: site.address.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.address.latitude, longitude: site.address.longitude },
    openingHoursSpecification: [...byHours.values()].map((entry) => ({
      "@type": "OpeningHoursSpecification",
      ...entry,
    })),
    makesOffer: site.services.map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.name, description: service.description },
    })),
  };
}

/** JSON for an inline <script>: "<" is escaped so no text can close the element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
