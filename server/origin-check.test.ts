import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./origin-check";

const site = "https://www.happycar.at";

describe("isSameOriginRequest", () => {
  it.each([
    [{ origin: site }, true],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "http://www.happycar.at" }, false],
    [{ origin: "null" }, false],
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
