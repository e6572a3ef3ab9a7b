import { describe, expect, it } from "vitest";
import { roughPlace } from "./rough-place.server";

describe("roughPlace: where a login came from, roughly (issue 31)", () => {
  it("names Wien for addresses DB-IP places in Vienna, IPv4, IPv6 and IPv4 written as IPv6", async () => {
    expect(await roughPlace("193.170.62.10")).toEqual({ city: "Wien" });
    expect(await roughPlace("62.178.0.1")).toEqual({ city: "Wien" });
    expect(await roughPlace("2001:628:1:2::3")).toEqual({ city: "Wien" });
    expect(await roughPlace("::ffff:193.170.62.10")).toEqual({ city: "Wien" });
  });

  it("names the country elsewhere, the workshop's network as local, and nothing for what it cannot read", async () => {
    expect(await roughPlace("81.217.12.34")).toEqual({ country: "AT" });
    expect(await roughPlace("8.8.8.8")).toEqual({ country: "US" });
    expect(await roughPlace("192.168.1.20")).toBe("local");
    expect(await roughPlace("fd00::1")).toBe("local");
    expect(await roughPlace("nicht-eine-adresse")).toBeNull();
  });
});
