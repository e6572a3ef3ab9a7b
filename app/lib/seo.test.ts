import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { autoRepairJsonLd, originFromMatches, pageMeta, publicPages, serializeJsonLd } from "./seo";

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
    const meta = pageMeta(publicPages.contact, "https://www.happycar.example");
    expect(meta).toContainEqual({ title: "Kontakt – Happy Car" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.happycar.example/kontakt" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://www.happycar.example/kontakt" });
    expect(meta).toContainEqual({ property: "og:title", content: "Kontakt – Happy Car" });
    expect(meta.find((tag) => "name" in tag && tag.name === "description")).toBeTruthy();
  });

  it("finds the origin the site layout loaded", () => {
    expect(originFromMatches([{ id: "root" }, { id: "routes/site/layout", loaderData: { origin: "https://a.example" } }])).toBe(
      "https://a.example",
    );
    expect(originFromMatches([undefined])).toBe("");
  });

  it("describes the workshop as AutoRepair with opening hours from the site config", () => {
    const data = autoRepairJsonLd("https://www.happycar.example");
    expect(data["@type"]).toBe("AutoRepair");
    expect(data.address.streetAddress).toBe(site.address.street);
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

  it("cannot be broken out of its script element", () => {
    expect(serializeJsonLd({ text: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
