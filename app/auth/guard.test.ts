import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./guard.server";

describe("safeRedirectTarget", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/termine/123?x=1", "/admin/termine/123?x=1"],
    ["/admin?status=beantragt", "/admin?status=beantragt"],
    [null, "/admin"],
    ["", "/admin"],
    ["https://evil.example/admin", "/admin"],
    ["//evil.example", "/admin"],
    ["/\\evil.example", "/admin"],
    ["/admin-login", "/admin"],
    ["/kontakt", "/admin"],
  ])("%j → %j", (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});
