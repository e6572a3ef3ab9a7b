import { describe, expect, it } from "vitest";
import { slotProblemMessage, unavailableDayMessage } from "~/messages";
import { siteSlotRules } from "../../tests/support/slot-rules";
import { addDays } from "./calendar-date";
import { austrianHolidays } from "./holidays";
import {
  allSlotTimes,
  bookingWindow,
  checkSlot as checkSlotProblem,
  type DaySchedule,
  daySchedule,
  daySchedules,
  endsInOpenHours,
  type SlotRules,
  slotRulesOf,
  startTimesFor,
  withoutBreaks,
} from "./slots";
import { defaultWorkshopFacts } from "./workshop";

const WEEKDAY_TIMES = [
  "08:00",
  "08:30",
  "09:00",
  "09:30",
  "10:00",
  "10:30",
  "11:00",
  "11:30",
  "12:00",
  "12:30",
  "13:00",
  "13:30",
  "14:00",
  "14:30",
  "15:00",
  "15:30",
  "16:00",
  "16:30",
  "17:00",
];
const SATURDAY_TIMES = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00"];

/** A fixed "now" well before the dates under test, unless a test needs otherwise. */
const EARLY_NOW = new Date("2026-01-02T10:00:00+01:00");

function bookableTimes(schedule: DaySchedule): string[] {
  return schedule.slots.filter((slot) => slot.bookable).map((slot) => slot.time);
}

/** A closed day's reason in words (app/messages.ts), as the pages and the API show it. */
function worded(schedule: DaySchedule) {
  return schedule.open ? schedule : { ...schedule, reason: unavailableDayMessage(schedule.reason) };
}

/** checkSlot with its problem in words (app/messages.ts), as the booking form shows it at the field. */
function checkSlot(...args: Parameters<typeof checkSlotProblem>) {
  const check = checkSlotProblem(...args);
  return check.ok ? check : { ok: false, field: check.field, message: slotProblemMessage(check.problem) };
}

function reasonOf(schedule: DaySchedule): string | undefined {
  return schedule.open ? undefined : unavailableDayMessage(schedule.reason);
}

describe("daySchedule: opening hours", () => {
  it.each([
    ["Monday", "2026-02-02", WEEKDAY_TIMES],
    ["Tuesday", "2026-02-03", WEEKDAY_TIMES],
    ["Wednesday", "2026-02-04", WEEKDAY_TIMES],
    ["Thursday", "2026-02-05", WEEKDAY_TIMES],
    ["Friday", "2026-02-06", WEEKDAY_TIMES],
    ["Saturday", "2026-02-07", SATURDAY_TIMES],
  ])("%s %s has its slots, all bookable", (_day, date, expected) => {
    const schedule = daySchedule(date, EARLY_NOW, siteSlotRules);
    expect(schedule.open).toBe(true);
    expect(schedule.slots.map((slot) => slot.time)).toEqual(expected);
    expect(bookableTimes(schedule)).toEqual(expected);
  });

  it("a weekday has the seed's 19 slots", () => {
    expect(daySchedule("2026-02-02", EARLY_NOW, siteSlotRules).slots).toHaveLength(19);
  });

  it("Sunday is closed", () => {
    expect(worded(daySchedule("2026-02-08", EARLY_NOW, siteSlotRules))).toEqual({
      date: "2026-02-08",
      open: false,
      reason: "Sonntag geschlossen",
      slots: [],
    });
  });

  it("allSlotTimes lists every possible start time once (weekday set contains Saturday's)", () => {
    expect(allSlotTimes(siteSlotRules)).toEqual(WEEKDAY_TIMES);
  });
});

describe("daySchedule: Austrian holidays are closed with their name", () => {
  const holidays = [...austrianHolidays(2026), ...austrianHolidays(2027)];
  it("covers 26 holidays", () => expect(holidays).toHaveLength(26));
  it.each(holidays.map((h) => [h.date, h.name]))("%s %s", (date, name) => {
    const now = new Date(`${addDays(date, -10)}T12:00:00+01:00`);
    expect(reasonOf(daySchedule(date, now, siteSlotRules))).toBe(name);
  });

  it.each([
    ["2026-04-03", "Good Friday"],
    ["2026-04-07", "the Tuesday after Easter"],
    ["2027-03-26", "Good Friday"],
  ])("%s (%s) is open", (date) => {
    const now = new Date(`${addDays(date, -10)}T12:00:00+01:00`);
    expect(daySchedule(date, now, siteSlotRules).open).toBe(true);
  });
});

describe("daySchedule: the owner's closures", () => {
  const now = new Date("2026-12-01T10:00:00+01:00");
  const rules: SlotRules = {
    ...siteSlotRules,
    closures: [
      { from: "2026-12-24", to: "2026-12-24", startTime: "12:00", name: "Heiliger Abend" },
      { from: "2026-12-28", to: "2026-12-30", startTime: null, name: "Betriebsurlaub" },
      { from: "2026-12-11", to: "2026-12-14", startTime: "15:00", name: "Inventur" },
      { from: "2026-12-16", to: "2026-12-16", startTime: "08:00", name: "Schulung" },
    ],
  };

  it("none by default: the closures live in the database", () => {
    expect(siteSlotRules.closures).toEqual([]);
    expect(daySchedule("2026-12-28", now, siteSlotRules).open).toBe(true);
  });

  it.each([
    ["2026-12-23", undefined],
    ["2026-12-28", "Betriebsurlaub"],
    ["2026-12-29", "Betriebsurlaub"],
    ["2026-12-30", "Betriebsurlaub"],
    ["2026-12-31", undefined],
    // The first day of a range from 15:00 opens in the morning; the days after are closed.
    ["2026-12-11", undefined],
    ["2026-12-12", "Inventur"],
    ["2026-12-14", "Inventur"],
    ["2026-12-15", undefined],
    // Closed from opening time: the whole day, with the closure's name.
    ["2026-12-16", "Schulung"],
  ])("ranges: %s → %s", (date, reason) => {
    expect(reasonOf(daySchedule(date, now, rules))).toBe(reason);
  });

  it("from a time: only the slots starting before it remain", () => {
    expect(daySchedule("2026-12-24", now, rules).slots.map((slot) => slot.time)).toEqual(WEEKDAY_TIMES.filter((time) => time < "12:00"));
    expect(daySchedule("2026-12-11", now, rules).slots.map((slot) => slot.time)).toEqual(WEEKDAY_TIMES.filter((time) => time < "15:00"));
  });

  it("a service longer than one slot must end before a closure from a time", () => {
    expect(endsInOpenHours("2026-12-24", "11:00", 60, rules)).toBe(true); // ends 12:00
    expect(endsInOpenHours("2026-12-24", "11:30", 30, rules)).toBe(true);
    expect(endsInOpenHours("2026-12-24", "11:30", 60, rules)).toBe(false); // runs into 12:00
    expect(checkSlot("2026-12-24", "11:30", now, rules, 60)).toMatchObject({ ok: false, field: "time" });
    expect(checkSlot("2026-12-24", "11:30", now, rules, 30)).toEqual({ ok: true });
  });

  it("booking at or after the closure's time is refused with its name", () => {
    const closedAtNoon = { ok: false, field: "time", message: "Ab 12:00 Uhr ist an diesem Tag geschlossen: Heiliger Abend." };
    expect(checkSlot("2026-12-24", "12:00", now, rules)).toEqual(closedAtNoon);
    expect(checkSlot("2026-12-24", "16:30", now, rules)).toEqual({ ...closedAtNoon });
    expect(checkSlot("2026-12-29", "10:00", now, rules)).toMatchObject({ ok: false, field: "date" });
  });

  it("a whole-day closure wins over one from a time on the same day; of two from a time the earlier counts", () => {
    const overlapping: SlotRules = {
      ...siteSlotRules,
      closures: [
        { from: "2026-12-09", to: "2026-12-09", startTime: "14:00", name: "Später" },
        { from: "2026-12-09", to: "2026-12-09", startTime: "10:00", name: "Früher" },
        { from: "2026-12-10", to: "2026-12-10", startTime: "10:00", name: "Halb" },
        { from: "2026-12-08", to: "2026-12-10", startTime: null, name: "Ganz" },
      ],
    };
    // 2026-12-08 is a statutory holiday: its name says more.
    expect(reasonOf(daySchedule("2026-12-08", now, overlapping))).toBe("Mariä Empfängnis");
    expect(reasonOf(daySchedule("2026-12-10", now, overlapping))).toBe("Ganz");
    expect(reasonOf(daySchedule("2026-12-09", now, overlapping))).toBe("Ganz");
    const earlier: SlotRules = { ...overlapping, closures: overlapping.closures.slice(0, 2) };
    expect(daySchedule("2026-12-09", now, earlier).slots.at(-1)?.time).toBe("09:30");
  });
});

describe("daySchedule: past, lead time and horizon", () => {
  it("a date before today (Vienna) is closed", () => {
    const now = new Date("2026-12-02T09:00:00+01:00");
    expect(reasonOf(daySchedule("2026-12-01", now, siteSlotRules))).toBe("Dieser Tag liegt in der Vergangenheit.");
  });

  it.each([
    // now (Vienna wall clock via explicit offset), bookable slots today
    ["2026-12-01T05:59:00+01:00", WEEKDAY_TIMES],
    ["2026-12-01T06:00:00+01:00", WEEKDAY_TIMES], // 08:00 is exactly 2 h away
    ["2026-12-01T06:01:00+01:00", WEEKDAY_TIMES.slice(1)],
    ["2026-12-01T06:30:00+01:00", WEEKDAY_TIMES.slice(1)],
    ["2026-12-01T12:10:00+01:00", ["14:30", "15:00", "15:30", "16:00", "16:30", "17:00"]],
    ["2026-12-01T15:00:00+01:00", ["17:00"]],
    ["2026-12-01T15:30:00+01:00", []],
  ])("lead time of 2 h: at %s today's bookable slots are %j", (iso, expected) => {
    const schedule = daySchedule("2026-12-01", new Date(iso), siteSlotRules);
    expect(schedule.open).toBe(true);
    expect(schedule.slots).toHaveLength(19);
    expect(bookableTimes(schedule)).toEqual(expected);
  });

  it("the lead time is configurable", () => {
    const rules = { ...siteSlotRules, leadTimeMinutes: 0 };
    expect(bookableTimes(daySchedule("2026-12-01", new Date("2026-12-01T16:30:00+01:00"), rules))).toEqual(["16:30", "17:00"]);
  });

  it.each([
    ["2027-03-01", true], // today + 90 days
    ["2027-03-02", false],
  ])("horizon of 90 days from 2026-12-01: %s open=%s", (date, open) => {
    const schedule = daySchedule(date, new Date("2026-12-01T10:00:00+01:00"), siteSlotRules);
    expect(schedule.open).toBe(open);
    if (!open) expect(reasonOf(schedule)).toBe("Termine können höchstens 90 Tage im Voraus angefragt werden.");
  });

  it("today is the date in Vienna, not in UTC or the server's zone", () => {
    // 23:30 UTC on 30 November is already 1 December in Vienna.
    const now = new Date("2026-11-30T23:30:00Z");
    expect(bookingWindow(now, siteSlotRules)).toEqual({ today: "2026-12-01", lastDate: "2027-03-01" });
    expect(reasonOf(daySchedule("2026-11-30", now, siteSlotRules))).toBe("Dieser Tag liegt in der Vergangenheit.");
    expect(daySchedule("2027-03-01", now, siteSlotRules).open).toBe(true);
  });

  it("the horizon is configurable", () => {
    const rules = { ...siteSlotRules, horizonDays: 8 };
    const now = new Date("2026-12-01T10:00:00+01:00");
    expect(daySchedule("2026-12-09", now, rules).open).toBe(true);
    expect(daySchedule("2026-12-10", now, rules).open).toBe(false);
  });
});

describe("daySchedule across the DST changes", () => {
  describe("spring forward (Sunday 2026-03-29, 02:00 → 03:00)", () => {
    it.each([
      ["2026-03-28", SATURDAY_TIMES],
      ["2026-03-30", WEEKDAY_TIMES],
    ])("%s has its usual slots", (date, expected) => {
      expect(daySchedule(date, new Date("2026-03-20T12:00:00+01:00"), siteSlotRules).slots.map((s) => s.time)).toEqual(expected);
    });

    it("the Sunday is closed", () => {
      expect(reasonOf(daySchedule("2026-03-29", new Date("2026-03-20T12:00:00+01:00"), siteSlotRules))).toBe("Sonntag geschlossen");
    });

    it.each([
      // Saturday still in CET (+01:00)
      ["2026-03-28", "2026-03-28T07:00:00+01:00", SATURDAY_TIMES],
      ["2026-03-28", "2026-03-28T07:01:00+01:00", SATURDAY_TIMES.slice(1)],
      // Monday already in CEST (+02:00): 06:00 UTC is 08:00 local
      ["2026-03-30", "2026-03-30T04:00:00Z", WEEKDAY_TIMES],
      ["2026-03-30", "2026-03-30T04:01:00Z", WEEKDAY_TIMES.slice(1)],
    ])("lead time on %s at %s", (date, iso, expected) => {
      expect(bookableTimes(daySchedule(date, new Date(iso), siteSlotRules))).toEqual(expected);
    });

    it("just after midnight in Vienna (still Sunday in UTC) today is Monday", () => {
      const now = new Date("2026-03-29T22:30:00Z"); // Monday 00:30 CEST
      expect(bookingWindow(now, siteSlotRules).today).toBe("2026-03-30");
      expect(bookableTimes(daySchedule("2026-03-30", now, siteSlotRules))).toEqual(WEEKDAY_TIMES);
    });

    it("a lead time spanning the change counts real hours (48 h from Saturday 10:00 CET = Monday 11:00 CEST)", () => {
      const rules = { ...siteSlotRules, leadTimeMinutes: 48 * 60 };
      const schedule = daySchedule("2026-03-30", new Date("2026-03-28T10:00:00+01:00"), rules);
      expect(bookableTimes(schedule)[0]).toBe("11:00");
    });
  });

  describe("fall back (Sunday 2026-10-25, 03:00 → 02:00)", () => {
    it.each([
      ["2026-10-24", SATURDAY_TIMES],
      ["2026-10-27", WEEKDAY_TIMES],
    ])("%s has its usual slots", (date, expected) => {
      expect(daySchedule(date, new Date("2026-10-20T12:00:00+02:00"), siteSlotRules).slots.map((s) => s.time)).toEqual(expected);
    });

    it.each([
      ["2026-10-25", "Sonntag geschlossen"],
      ["2026-10-26", "Nationalfeiertag"],
    ])("%s is closed: %s", (date, reason) => {
      expect(reasonOf(daySchedule(date, new Date("2026-10-20T12:00:00+02:00"), siteSlotRules))).toBe(reason);
    });

    it.each([
      // Saturday still in CEST (+02:00)
      ["2026-10-24", "2026-10-24T05:00:00Z", SATURDAY_TIMES],
      ["2026-10-24", "2026-10-24T05:01:00Z", SATURDAY_TIMES.slice(1)],
      // Tuesday in CET (+01:00): 07:00 UTC is 08:00 local
      ["2026-10-27", "2026-10-27T05:00:00Z", WEEKDAY_TIMES],
      ["2026-10-27", "2026-10-27T05:01:00Z", WEEKDAY_TIMES.slice(1)],
    ])("lead time on %s at %s", (date, iso, expected) => {
      expect(bookableTimes(daySchedule(date, new Date(iso), siteSlotRules))).toEqual(expected);
    });

    it("a lead time spanning the change counts real hours (72 h from Saturday 10:00 CEST = Tuesday 09:00 CET)", () => {
      const rules = { ...siteSlotRules, leadTimeMinutes: 72 * 60 };
      const schedule = daySchedule("2026-10-27", new Date("2026-10-24T10:00:00+02:00"), rules);
      expect(bookableTimes(schedule)[0]).toBe("09:00");
    });
  });
});

describe("daySchedules", () => {
  it("gives the same schedules as daySchedule for every date of a range, across the DST change", () => {
    const now = new Date("2026-10-20T07:00:00+02:00");
    const range = daySchedules("2026-10-19", "2026-11-02", now, siteSlotRules);
    expect(range.map((day) => day.date)).toEqual(Array.from({ length: 15 }, (_, index) => addDays("2026-10-19", index)));
    expect(range).toEqual(range.map((day) => daySchedule(day.date, now, siteSlotRules)));
    expect(bookableTimes(range[1]!)).toEqual(WEEKDAY_TIMES.slice(2)); // today: 09:00 is exactly 2 h away
  });
});

describe("checkSlot", () => {
  const now = new Date("2026-12-01T10:00:00+01:00");
  it.each([
    ["2026-12-02", "08:00", { ok: true }],
    ["2026-12-05", "13:00", { ok: true }],
    ["2026-12-05", "13:30", { ok: false, field: "time", message: "Um 13:30 Uhr beginnt an diesem Tag kein Termin." }],
    ["2026-12-02", "08:15", { ok: false, field: "time", message: "Um 08:15 Uhr beginnt an diesem Tag kein Termin." }],
    ["2026-12-06", "09:00", { ok: false, field: "date", message: "Am 06.12.2026 sind keine Termine möglich: Sonntag geschlossen" }],
    ["2026-12-08", "09:00", { ok: false, field: "date", message: "Am 08.12.2026 sind keine Termine möglich: Mariä Empfängnis" }],
    [
      "2026-12-01",
      "11:30",
      {
        ok: false,
        field: "time",
        message: "Dieser Termin beginnt zu bald. Bitte wählen Sie einen Termin mindestens 2 Stunden im Voraus.",
      },
    ],
    ["2026-12-01", "12:00", { ok: true }],
  ])("%s %s", (date, time, expected) => {
    expect(checkSlot(date, time, now, siteSlotRules)).toEqual(expected);
  });
});

describe("services longer than one slot", () => {
  const monday = "2026-12-07";
  const saturday = "2026-12-05";
  const now = new Date("2026-11-30T09:00:00+01:00");

  it("must end by closing time", () => {
    expect(endsInOpenHours(monday, "17:00", 60, siteSlotRules)).toBe(true); // ends 18:00
    expect(endsInOpenHours(monday, "17:00", 90, siteSlotRules)).toBe(false);
    expect(endsInOpenHours(saturday, "13:00", 60, siteSlotRules)).toBe(true); // ends 14:00
    expect(endsInOpenHours(saturday, "13:00", 90, siteSlotRules)).toBe(false);
    expect(checkSlot(monday, "17:00", now, siteSlotRules, 60)).toEqual({ ok: true });
    expect(checkSlot(monday, "17:00", now, siteSlotRules, 90)).toEqual({
      ok: false,
      field: "time",
      message:
        "Diese Leistung dauert 90 Minuten: Ein Termin um 17:00 Uhr würde nach Geschäftsschluss (18:00 Uhr) enden. Bitte wählen Sie eine frühere Uhrzeit.",
    });
  });
});

describe("the lunch break (issue 29): no appointment overlaps it", () => {
  const lunch = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };
  const rules: SlotRules = { ...siteSlotRules, openingHours: { ...siteSlotRules.openingHours, 1: lunch, 2: lunch } };
  const now = new Date("2026-11-30T09:00:00+01:00");
  const monday = "2026-12-07";
  const wednesday = "2026-12-09";

  it("no slot starts in the break; a day without one keeps all of them", () => {
    expect(daySchedule(monday, now, rules).slots.map((slot) => slot.time)).toEqual(
      WEEKDAY_TIMES.filter((time) => time !== "12:00" && time !== "12:30"),
    );
    expect(daySchedule(wednesday, now, rules).slots.map((slot) => slot.time)).toEqual(WEEKDAY_TIMES);
  });

  it.each([
    ["11:00", 60, true], // ends 12:00
    ["11:30", 30, true],
    ["11:30", 60, false], // runs into the break
    ["10:00", 180, false], // spans it
    ["12:00", 30, false],
    ["12:30", 30, false],
    ["13:00", 60, true],
    ["17:00", 90, false], // past closing, as before
  ] as const)("work from %s for %i minutes on a day with a break: %s", (time, minutes, fits) => {
    expect(endsInOpenHours(monday, time, minutes, rules)).toBe(fits);
    // The same work on a day without a break is unaffected, apart from closing.
    expect(endsInOpenHours(wednesday, time, minutes, rules)).toBe(time !== "17:00");
  });

  it("a start in the break is refused as outside the hours, work running into it with the break named", () => {
    expect(checkSlot(monday, "12:30", now, rules)).toEqual({
      ok: false,
      field: "time",
      message: "Um 12:30 Uhr beginnt an diesem Tag kein Termin.",
    });
    expect(checkSlot(monday, "11:30", now, rules, 60)).toEqual({
      ok: false,
      field: "time",
      message:
        "Diese Leistung dauert 1 Stunde: Ein Termin um 11:30 Uhr würde in die Mittagspause (12:00–13:00 Uhr) reichen. Bitte wählen Sie eine andere Uhrzeit.",
    });
    expect(checkSlot(monday, "11:00", now, rules, 60)).toEqual({ ok: true });
    expect(checkSlot(monday, "13:00", now, rules, 90)).toEqual({ ok: true });
    expect(checkSlot(wednesday, "11:30", now, rules, 60)).toEqual({ ok: true });
  });

  it("a closure from a time before the break ends the work earlier still", () => {
    const closed = { ...rules, closures: [{ from: monday, to: monday, startTime: "11:00", name: "Schulung" }] };
    expect(endsInOpenHours(monday, "10:30", 60, closed)).toBe(false);
    expect(checkSlot(monday, "10:30", now, closed, 60)).toMatchObject({ ok: false, message: expect.stringContaining("(11:00 Uhr)") });
  });

  it("'Trotzdem eintragen' rules: the break is open, opening and closing still hold", () => {
    const open = withoutBreaks(rules);
    expect(daySchedule(monday, now, open).slots.map((slot) => slot.time)).toEqual(WEEKDAY_TIMES);
    expect(checkSlot(monday, "11:30", now, open, 60)).toEqual({ ok: true });
    expect(checkSlot(monday, "17:00", now, open, 90)).toMatchObject({ ok: false, field: "time" });
    expect(open.openingHours[0]).toBeNull();
  });

  it("the no-JavaScript time lists (startTimesFor): any weekday's starts that fit the visit, clear of the break and by closing", () => {
    // Monday and Tuesday have the break: 12:00 and 12:30 are still Wednesday's starts.
    expect(startTimesFor(rules, 30)).toEqual(WEEKDAY_TIMES);
    const everyDay: SlotRules = { ...rules, openingHours: { 0: null, 1: lunch, 2: lunch, 3: lunch, 4: lunch, 5: lunch, 6: null } };
    expect(startTimesFor(everyDay, 30)).toEqual(WEEKDAY_TIMES.filter((time) => time !== "12:00" && time !== "12:30"));
    // 90 minutes: none from 11:00 on before the break (it would run into it) nor after 16:30 (past 18:00).
    expect(startTimesFor(everyDay, 90)).toEqual([
      ...["08:00", "08:30", "09:00", "09:30", "10:00", "10:30"],
      ...["13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30"],
    ]);
  });

  it("on a chosen day: that day's fitting starts from the lead time on; a day without any lists every weekday's", () => {
    const mondayMorning = new Date("2026-12-07T09:00:00+01:00"); // lead time 2 hours: 11:00 at the earliest
    expect(startTimesFor(rules, 60, { date: monday, now: mondayMorning })).toEqual([
      ...["11:00", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00"],
    ]);
    expect(startTimesFor(rules, 60, { date: wednesday, now })).toEqual(WEEKDAY_TIMES);
    // A Sunday, a past day: the visitor picks another day, so the list is any weekday's.
    expect(startTimesFor(rules, 30, { date: "2026-12-06", now })).toEqual(startTimesFor(rules, 30));
    expect(startTimesFor(rules, 30, { date: "2026-11-02", now })).toEqual(startTimesFor(rules, 30));
  });

  it("the workshop's facts' breaks reach the slot rules", () => {
    const facts = defaultWorkshopFacts();
    facts.hours[1] = lunch;
    facts.bookingRules.leadTimeMinutes = 60;
    const fromFacts = slotRulesOf(facts);
    expect(fromFacts.leadTimeMinutes).toBe(60);
    expect(daySchedule(monday, now, fromFacts).slots.map((slot) => slot.time)).not.toContain("12:00");
    expect(checkSlot(monday, "11:30", now, fromFacts, 60)).toMatchObject({ ok: false, field: "time" });
  });

  describe("on the days the clocks change (Vienna wall-clock, whatever the process's zone)", () => {
    const sunday = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };
    const sundays: SlotRules = { ...siteSlotRules, openingHours: { ...siteSlotRules.openingHours, 0: sunday } };

    it.each([
      // Spring forward: 25 real hours from Saturday 10:00 CET are Sunday 12:00 CEST, in the break: 13:00 first.
      ["2026-03-29", "2026-03-28T10:00:00+01:00", 25 * 60, "13:00"],
      // Fall back: 26 real hours from Saturday 10:00 CEST are Sunday 11:00 CET: 11:00 and 11:30, then 13:00.
      ["2026-10-25", "2026-10-24T10:00:00+02:00", 26 * 60, "11:00"],
    ])("%s from %s with %i minutes' lead: the break's starts are gone, the first is %s", (date, iso, lead, first) => {
      const schedule = daySchedule(date, new Date(iso), { ...sundays, leadTimeMinutes: lead });
      expect(schedule.slots.map((slot) => slot.time)).not.toContain("12:00");
      expect(schedule.slots.map((slot) => slot.time)).not.toContain("12:30");
      expect(bookableTimes(schedule)[0]).toBe(first);
      expect(checkSlot(date, "11:30", new Date(iso), { ...sundays, leadTimeMinutes: lead }, 60)).toMatchObject({
        ok: false,
        field: "time",
      });
    });
  });
});
