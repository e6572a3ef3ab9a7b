import { describe, expect, it } from "vitest";
import { type AppointmentAction, type AppointmentStatus, availableActions, canTransition, nextStatus } from "./appointment";

describe("appointment status transitions", () => {
  it.each<[AppointmentStatus, AppointmentAction, boolean, AppointmentStatus | null | "throws"]>([
    ["beantragt", "confirm", true, "bestätigt"],
    ["beantragt", "cancel", true, "storniert"],
    ["beantragt", "delete", true, null],
    ["bestätigt", "confirm", false, "throws"],
    ["bestätigt", "cancel", true, "storniert"],
    ["bestätigt", "delete", true, null],
    ["storniert", "confirm", false, "throws"],
    ["storniert", "cancel", false, "throws"],
    ["storniert", "delete", true, null],
  ])("%s --%s--> allowed=%s next=%s", (status, action, allowed, next) => {
    expect(canTransition(status, action)).toBe(allowed);
    if (next === "throws") expect(() => nextStatus(status, action)).toThrow();
    else expect(nextStatus(status, action)).toBe(next);
  });

  it.each<[AppointmentStatus, AppointmentAction[]]>([
    ["beantragt", ["confirm", "cancel", "delete"]],
    ["bestätigt", ["cancel", "delete"]],
    ["storniert", ["delete"]],
  ])("%s offers %j", (status, actions) => {
    expect(availableActions(status)).toEqual(actions);
  });
});
