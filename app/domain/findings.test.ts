import { describe, expect, it } from "vitest";
import { approvedTotal, decisionsOpen, parseEuroCents } from "./findings";

describe("findings", () => {
  it("reads a euro amount as typed on the board in cents", () => {
    expect(parseEuroCents("180,00")).toBe(18000);
    expect(parseEuroCents("180")).toBe(18000);
    expect(parseEuroCents("€ 1.234,50")).toBe(123450);
    expect(parseEuroCents("1.234")).toBe(123400);
    expect(parseEuroCents("180.5")).toBe(18050);
    expect(parseEuroCents("12,345")).toBeNull();
    expect(parseEuroCents("-5")).toBeNull();
    expect(parseEuroCents("zehn")).toBeNull();
    expect(parseEuroCents("")).toBeNull();
    expect(parseEuroCents("100000,01")).toBeNull();
  });

  it("keeps decisions open until the car is in work", () => {
    expect(decisionsOpen(null)).toBe(true);
    expect(decisionsOpen("arrived")).toBe(true);
    expect(decisionsOpen("in_progress")).toBe(false);
    expect(decisionsOpen("ready")).toBe(false);
  });

  it("adds up the approved prices only", () => {
    expect(
      approvedTotal([
        { priceCents: 18000, decision: "approved" },
        { priceCents: 5000, decision: "declined" },
        { priceCents: 2500, decision: null },
        { priceCents: 1000, decision: "approved" },
      ]),
    ).toBe(19000);
  });
});
