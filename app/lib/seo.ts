import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";
import type { PublicFacts } from "./public-facts";

/**
 * The origin of canonical links, structured data and the sitemap: PUBLIC_URL
 * (read when a page is rendered), or the site's configured address.
 */
export function canonicalOrigin(): string {
  return new URL(process.env.PUBLIC_URL || site.url).origin;
}

/** The six public pages: their paths, titles and descriptions (meta tags and sitemap); a description may name the workshop's facts. */
export const publicPages = {
  home: {
    path: "/",
    title: `${site.name} – Autowerkstatt in Wien | Reparatur, Service, §57a`,
    description: `${site.tagline}: Reparaturen, §57a-Überprüfung, Reifen- und Bremsenservice für alle Marken – ${site.experienceClaim}. Termin jetzt online anfragen.`,
  },
  about: {
    path: "/ueber-uns",
    title: `Über uns – ${site.name}`,
    description: (facts: PublicFacts) =>
      `Lernen Sie ${site.name} kennen: unsere Geschichte, unsere Werte und unser Team – ${site.experienceClaim} in ${facts.city}.`,
  },
  contact: {
    path: "/kontakt",
    title: `Kontakt – ${site.name}`,
    description: (facts: PublicFacts) =>
      `Kontakt, Öffnungszeiten und Anfahrt: ${site.name}, ${facts.fullAddress}. Schreiben Sie uns oder rufen Sie an.`,
  },
  imprint: {
    path: "/impressum",
    title: `Impressum – ${site.name}`,
    description: (facts: PublicFacts) => `Impressum und Offenlegung von ${facts.legalName} gemäß § 5 ECG und § 25 MedienG.`,
  },
  privacy: {
    path: "/datenschutz",
    title: `Datenschutzerklärung – ${site.name}`,
    description: `Wie ${site.name} Ihre Daten bei Terminanfragen und Kontaktnachrichten verarbeitet und welche Rechte Sie haben.`,
  },
  terms: {
    path: "/agb",
    title: `Allgemeine Geschäftsbedingungen – ${site.name}`,
    description: (facts: PublicFacts) =>
      `Die Allgemeinen Geschäftsbedingungen von ${facts.legalName} für Reparatur-, Service- und Prüfaufträge.`,
  },
} as const;

export type PublicPage = (typeof publicPages)[keyof typeof publicPages];

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** What the site layout's loader hands every page: the public origin and the workshop's facts. */
export type LayoutData = { origin: string; facts: PublicFacts };

/** The site layout's loader data among a page's matches (app/routes/site/layout.tsx). */
export function layoutFromMatches(matches: readonly MatchWithData[]): LayoutData | undefined {
  for (const match of matches) {
    const data = match?.loaderData;
    if (data && typeof data === "object" && "origin" in data && typeof data.origin === "string" && "facts" in data) {
      return data as LayoutData;
    }
  }
  return undefined;
}

/** The public origin (PUBLIC_URL or the site's address) the layout's loader handed on. */
export function originFromMatches(matches: readonly MatchWithData[]): string {
  return layoutFromMatches(matches)?.origin ?? "";
}

/**
 * Until the Impressum and contact facts are the owner's own (none of site.ts's EXAMPLE values
 * left), search engines are asked not to index the page (decision 048).
 */
export function robotsMeta(facts: Pick<PublicFacts, "preLaunch"> | undefined): MetaDescriptor[] {
  return facts?.preLaunch ? [{ name: "robots", content: "noindex" }] : [];
}

/** Title, description, canonical link and Open Graph tags of one page, from the layout's data among `matches`. */
export function pageMeta(page: PublicPage, matches: readonly MatchWithData[]): MetaDescriptor[] {
  const layout = layoutFromMatches(matches);
  const origin = layout?.origin ?? "";
  const url = `${origin}${page.path}`;
  const description = typeof page.description === "string" ? page.description : layout ? page.description(layout.facts) : "";
  return [
    { title: page.title },
    { name: "description", content: description },
    ...robotsMeta(layout?.facts),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "de_AT" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}/og-image.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${site.name} Logo` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

const schemaDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** schema.org AutoRepair for search engines, built from the workshop's facts. */
export function autoRepairJsonLd(origin: string, facts: PublicFacts) {
  const byHours = new Map<string, { opens: string; closes: string; dayOfWeek: string[] }>();
  for (const [day, hours] of Object.entries(facts.hours)) {
    if (!hours) continue;
    // A break splits the day into two specifications (schema.org has no break).
    const spans =
      hours.breakFrom && hours.breakTo
        ? [
            [hours.open, hours.breakFrom],
            [hours.breakTo, hours.close],
          ]
        : [[hours.open, hours.close]];
    for (const [opens, closes] of spans as Array<[string, string]>) {
      const key = `${opens}-${closes}`;
      const entry = byHours.get(key) ?? { opens, closes, dayOfWeek: [] };
      entry.dayOfWeek.push(schemaDays[Number(day)]!);
      byHours.set(key, entry);
    }
  }
  return {
    "@context": "https://schema.org",
    "@type": "AutoRepair",
    "@id": `${origin}/#organization`,
    name: site.name,
    legalName: facts.legalName,
    description: publicPages.home.description,
    url: `${origin}/`,
    logo: `${origin}/icon-512.png`,
    image: `${origin}/og-image.png`,
    telephone: facts.mainPhone.href.replace(/^tel:/, ""),
    email: facts.email,
    foundingDate: String(site.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.street,
      postalCode: facts.postalCode,
      addressLocality: facts.city,
      addressCountry: facts.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: facts.latitude, longitude: facts.longitude },
    openingHoursSpecification: [...byHours.values()].map((entry) => ({
      "@type": "OpeningHoursSpecification",
      ...entry,
    })),
    makesOffer: facts.services.map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.name, description: service.description },
      ...(service.priceFrom === null
        ? {}
        : { priceSpecification: { "@type": "PriceSpecification", minPrice: service.priceFrom, priceCurrency: "EUR" } }),
    })),
  };
}

/** JSON for an inline <script>: "<" is escaped so no text can close the element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
