import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleFields } from "~/domain/workshop";

/**
 * The keys of app/config/site.ts marked `// EXAMPLE` in its contact and Impressum parts, as the
 * facts name them: 'Vor dem Start' and the pages' noindex (decision 048) check exactly these.
 */
const factOfKey: Record<string, string> = {
  legalName: "workshop.legalName",
  street: "workshop.street",
  postalCode: "workshop.postalCode",
  latitude: "workshop.latitude",
  longitude: "workshop.longitude",
  phones: "workshop.phones",
  label: "workshop.phones",
  email: "workshop.email",
  companyRegister: "imprint.companyRegister",
  vatId: "imprint.vatId",
  managingDirector: "imprint.managingDirector",
};

/** Marked, but no fact of the Impressum or contact sections: the brand's founding year, the build's URL, the notice address (E-Mail section). */
const notContactOrImprint = new Set(["foundedYear", "url", "noticeAddress"]);

describe("app/config/site.ts's EXAMPLE markers", () => {
  it("every marked contact or Impressum value is one of the example fields, and every example field is marked", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "site.ts"), "utf8");
    const marked = source
      .split("\n")
      .filter((line) => /\/\/ EXAMPLE\b/.test(line))
      .map((line) => /^\s*(?:const\s+)?\{?\s*(\w+)\s*[:=]/.exec(line)?.[1] ?? "")
      .filter((key) => !notContactOrImprint.has(key));
    expect(marked).not.toContain("");
    expect(new Set(marked.map((key) => factOfKey[key]))).toEqual(new Set(exampleFields));
  });
});
