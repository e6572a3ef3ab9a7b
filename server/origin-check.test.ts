import { describe, expect, it } from "vitest";
import { isCrossSiteAllowed, isSameOriginRequest } from "./origin-check";

const site = "https://www.happycar.at";

describe("isSameOriginRequest", () => {
  it.each([
    [{ origin: site }, true],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "http://www.happycar.at" }, false],
    [{ origin: "null" }, false],
    // A form post from a no-referrer page (the customer's page) carries Origin: null; the browser's Sec-Fetch-Site decides.
    [{ origin: "null", "sec-fetch-site": "same-origin" }, true],
    [{ origin: "null", "sec-fetch-site": "cross-site" }, false],
    [{ origin: "null", referer: `${site}/termin/x` }, true],
    // Origin wins over the weaker signals.
    [{ origin: "https://evil.example", "sec-fetch-site": "same-origin", referer: `${site}/admin` }, false],
    [{ "sec-fetch-site": "same-origin" }, true],
    [{ "sec-fetch-site": "same-site" }, false],
    [{ "sec-fetch-site": "cross-site", referer: `${site}/admin` }, false],
    [{ referer: `${site}/admin-login` }, true],
    [{ referer: "https://evil.example/?u=https://www.happycar.at" }, false],
    [{ referer: "kein url" }, false],
    [{}, false],
  ])("%j → %s", (headers, expected) => {
    expect(isSameOriginRequest(headers, site)).toBe(expected);
  });
});

describe("isCrossSiteAllowed", () => {
  const token = "A".repeat(43);
  it.each([
    // RFC 8058: the mail provider's one-click POST carries no Origin of this site.
    ["POST", `/erinnerung/abmelden/${token}`, true],
    ["PUT", `/erinnerung/abmelden/${token}`, false],
    ["PATCH", `/erinnerung/abmelden/${token}`, false],
    ["DELETE", `/erinnerung/abmelden/${token}`, false],
    ["POST", `/erinnerung/abmelden/${token}/`, false],
    ["POST", `/erinnerung/abmelden/${token}.data`, false],
    ["POST", `/erinnerung/abmelden/${token}x`, false],
    ["POST", "/erinnerung/abmelden/kurz", false],
    ["POST", `/termin/${token}`, false],
    ["POST", "/termin-anfragen", false],
    ["POST", "/api/v1/appointments", false],
    ["POST", `/admin/erinnerung/abmelden/${token}`, false],
  ])("%s %s → %s", (method, path, expected) => {
    expect(isCrossSiteAllowed(method, path)).toBe(expected);
  });
});
