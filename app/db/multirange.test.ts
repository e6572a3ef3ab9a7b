import { describe, expect, it } from "vitest";
import { parseIntMultirange } from "./multirange";

describe("parseIntMultirange", () => {
  it("reads PostgreSQL's canonical text of an int4multirange", () => {
    expect(parseIntMultirange("{[29392000,29392030),[29392100,29392200)}")).toEqual([
      [29392000, 29392030],
      [29392100, 29392200],
    ]);
    expect(parseIntMultirange("{[-5,3)}")).toEqual([[-5, 3]]);
  });

  it("reads the empty multirange as no ranges", () => {
    expect(parseIntMultirange("{}")).toEqual([]);
  });
});
