import { describe, expect, it } from "vitest";
import { defaultWorkshopFacts, type WorkshopFacts } from "~/domain/workshop";
import { publicFactsOf } from "./public-facts";
import { autoRepairJsonLd, originFromMatches, pageMeta, publicPages, serializeJsonLd } from "./seo";

const facts = publicFactsOf(defaultWorkshopFacts());
const layoutMatches = (origin: string, pageFacts = facts) => [{ id: "routes/site/layout", loaderData: { origin, facts: pageFacts } }];

/** The defaults with the Impressum and contact examples replaced: the site is live. */
function liveFacts(): WorkshopFacts {
  const live = defaultWorkshopFacts();
  live.workshop = {
    ...live.workshop,
    legalName: "Brenner KFZ GmbH",
    street: "Laxenburger Straße 80",
    postalCode: "1100",
    phones: [{ label: "Werkstatt", number: "01 604 22 11" }],
    email: "office@brenner-kfz.at",
    latitude: 48.17,
    longitude: 16.37,
  };
  live.imprint = { ...live.imprint, companyRegister: "FN 98765x", vatId: "ATU87654321", managingDirector: "Eva Brenner" };
  return live;
}

describe("seo", () => {
  it("lists the six public routes", () => {
    expect(Object.values(publicPages).map((page) => page.path)).toEqual([
      "/",
      "/ueber-uns",
      "/kontakt",
      "/impressum",
      "/datenschutz",
      "/agb",
    ]);
  });

  it("builds title, description, canonical and Open Graph tags from the origin", () => {
    const meta = pageMeta(publicPages.contact, layoutMatches("https://www.happycar.example"));
    expect(meta).toContainEqual({ title: "Kontakt – Happy Car" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.happycar.example/kontakt" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://www.happycar.example/kontakt" });
    expect(meta).toContainEqual({ property: "og:title", content: "Kontakt – Happy Car" });
    expect(meta).toContainEqual({
      name: "description",
      content: "Kontakt, Öffnungszeiten und Anfahrt: Happy Car, Musterstraße 12, 1100 Wien. Schreiben Sie uns oder rufen Sie an.",
    });
  });

  it("asks search engines not to index a page while an Impressum or contact fact is still an example", () => {
    const noindex = { name: "robots", content: "noindex" };
    expect(pageMeta(publicPages.home, layoutMatches("https://a.example"))).toContainEqual(noindex);
    const live = publicFactsOf(liveFacts());
    expect(live.preLaunch).toBe(false);
    expect(pageMeta(publicPages.home, layoutMatches("https://a.example", live))).not.toContainEqual(noindex);
    expect(pageMeta(publicPages.imprint, layoutMatches("https://a.example", live))).toContainEqual({
      name: "description",
      content: "Impressum und Offenlegung von Brenner KFZ GmbH gemäß § 5 ECG und § 25 MedienG.",
    });
  });

  it("finds the origin the site layout loaded", () => {
    expect(originFromMatches([{ id: "root" }, ...layoutMatches("https://a.example")])).toBe("https://a.example");
    expect(originFromMatches([undefined])).toBe("");
  });

  it("describes the workshop as AutoRepair with opening hours from the workshop's facts", () => {
    const data = autoRepairJsonLd("https://www.happycar.example", facts);
    expect(data["@type"]).toBe("AutoRepair");
    expect(data.address.streetAddress).toBe("Musterstraße 12");
    expect(data.telephone).toBe("+4312345678");
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        opens: "08:00",
        closes: "18:00",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      },
      { "@type": "OpeningHoursSpecification", opens: "09:00", closes: "14:00", dayOfWeek: ["Saturday"] },
    ]);
  });

  it("follows a change of the facts: phone, a break, a new service with its price, a retired one gone", () => {
    const changed = liveFacts();
    changed.hours[6] = { open: "09:00", close: "13:00", breakFrom: null, breakTo: null };
    changed.hours[1] = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };
    changed.services = [
      ...changed.services.map((service) => (service.name === "Wartung" ? { ...service, retired: true } : service)),
      { ...changed.services[0]!, id: "klimaservice", name: "Klimaservice", priceFrom: 89 },
    ];
    const data = autoRepairJsonLd("https://a.example", publicFactsOf(changed));
    expect(data.telephone).toBe("+4316042211");
    expect(data.legalName).toBe("Brenner KFZ GmbH");
    expect(data.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "09:00",
      closes: "13:00",
      dayOfWeek: ["Saturday"],
    });
    expect(data.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "13:00",
      closes: "18:00",
      dayOfWeek: ["Monday"],
    });
    const offers = data.makesOffer.map((offer) => offer.itemOffered.name);
    expect(offers).toContain("Klimaservice");
    expect(offers).not.toContain("Wartung");
    expect(data.makesOffer.find((offer) => offer.itemOffered.name === "Klimaservice")).toMatchObject({
      priceSpecification: { minPrice: 89, priceCurrency: "EUR" },
    });
  });

  it("cannot be broken out of its script element", () => {
    expect(serializeJsonLd({ text: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
