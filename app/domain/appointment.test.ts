import { describe, expect, it } from "vitest";
import {
  type AppointmentAction,
  type AppointmentStatus,
  availableActions,
  canTransition,
  emailOvertaken,
  nextStatus,
  noShowRefusal,
  noShowUndoAllowed,
  progressAllowedOn,
} from "./appointment";

describe("when the car's progress may be set", () => {
  it("'Abholbereit' only from the appointment's day on (it e-mails the customer at once)", () => {
    expect(progressAllowedOn("ready", "2026-12-01", "2026-11-28")).toBe(false);
    expect(progressAllowedOn("ready", "2026-12-01", "2026-11-30")).toBe(false);
    expect(progressAllowedOn("ready", "2026-12-01", "2026-12-01")).toBe(true);
    expect(progressAllowedOn("ready", "2026-12-01", "2026-12-03")).toBe(true);
  });

  it("'Fahrzeug angekommen' and 'In Arbeit' any day (a car brought in early)", () => {
    expect(progressAllowedOn("arrived", "2026-12-01", "2026-11-28")).toBe(true);
    expect(progressAllowedOn("in_progress", "2026-12-01", "2026-11-30")).toBe(true);
  });

  it("'Abgeholt' only from the appointment's day on (issue 28)", () => {
    expect(progressAllowedOn("collected", "2026-12-01", "2026-11-30")).toBe(false);
    expect(progressAllowedOn("collected", "2026-12-01", "2026-12-01")).toBe(true);
  });
});

describe("'Nicht erschienen' (issue 28)", () => {
  const startsAt = new Date("2026-12-01T07:00:00Z");
  it("only a confirmed appointment whose start has passed, without progress", () => {
    expect(noShowRefusal({ status: "bestätigt", progress: null, startsAt }, new Date("2026-12-01T06:59:59Z"))).toBe("noShowTooEarly");
    expect(noShowRefusal({ status: "bestätigt", progress: null, startsAt }, startsAt)).toBeNull();
    expect(noShowRefusal({ status: "bestätigt", progress: "arrived", startsAt }, new Date("2026-12-02T07:00:00Z"))).toBe("carArrived");
    expect(noShowRefusal({ status: "beantragt", progress: null, startsAt }, new Date("2026-12-02T07:00:00Z"))).toBe("notConfirmed");
  });
  it("is undone on the day it was marked only", () => {
    expect(noShowUndoAllowed("2026-12-01", "2026-12-01")).toBe(true);
    expect(noShowUndoAllowed("2026-12-01", "2026-12-02")).toBe(false);
  });
});

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

describe("which queued e-mails the appointment's state has overtaken", () => {
  it("the customer's receipt, confirmation, reminder and 'Abholbereit' only while they are true; the workshop's copies always", () => {
    const overtakenIn = (template: string) =>
      (["beantragt", "bestätigt", "storniert"] as const).filter((status) => emailOvertaken(template, status));
    expect(overtakenIn("booking-received-customer")).toEqual(["storniert"]);
    expect(overtakenIn("appointment-confirmed")).toEqual(["beantragt", "storniert"]);
    expect(overtakenIn("appointment-reminder")).toEqual(["beantragt", "storniert"]);
    expect(overtakenIn("appointment-ready")).toEqual(["beantragt", "storniert"]);
    for (const template of ["appointment-cancelled", "booking-received-workshop", "customer-cancelled-workshop", "toString", "__proto__"])
      expect(overtakenIn(template)).toEqual([]);
  });
});
