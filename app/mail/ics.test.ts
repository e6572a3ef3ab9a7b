import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { type CalendarEvent, calendarInvite, escapeText, foldLine } from "./ics";

const base: Omit<CalendarEvent, "date" | "time" | "durationMinutes"> = {
  method: "REQUEST",
  uid: "abc@happycar.termine",
  sequence: 0,
  stamp: new Date("2026-11-20T10:15:00Z"),
  summary: "Ölwechsel – Happy Car",
  description: "Ihr Termin",
  location: "Musterstraße 12, 1100 Wien",
  organizer: { name: "Happy Car", email: "office@happycar.example" },
  attendee: { name: "Maria Muster", email: "maria@example.com" },
};

describe("calendar invite", () => {
  const invite = calendarInvite({
    ...base,
    stamp: new Date("2026-11-20T10:15:00Z"),
    date: { year: 2026, month: 3, day: 28 },
    time: { hour: 23, minute: 30 },
    durationMinutes: 60,
    summary: "Ölwechsel; Bremsen, Räder\\Reifen",
    description: `Zeile 1\r\nZeile 2 ${"äöü€".repeat(30)}`,
    location: "Musterstraße 12, 1100 Wien",
  });
  const lines = invite.split("\r\n");

  it("uses CRLF, a Vienna VTIMEZONE and TZID-qualified times (wall clock, across midnight)", () => {
    expect(invite.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(invite).not.toMatch(/[^\r]\n/);
    expect(lines).toContain("TZID:Europe/Vienna");
    expect(lines).toContain("DTSTART;TZID=Europe/Vienna:20260328T233000");
    expect(lines).toContain("DTEND;TZID=Europe/Vienna:20260329T003000");
    expect(lines).toContain("DTSTAMP:20261120T101500Z");
    expect(lines).toContain("ORGANIZER;CN=Happy Car:mailto:office@happycar.example");
  });

  it("escapes text values", () => {
    expect(lines).toContain("SUMMARY:Ölwechsel\\; Bremsen\\, Räder\\\\Reifen");
    expect(escapeText("a\r\nb\nc\u0007")).toBe("a\\nb\\nc");
  });

  it("folds lines at 75 octets without splitting characters", () => {
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = invite.replace(/\r\n /g, "");
    expect(unfolded).toContain(`DESCRIPTION:Zeile 1\\nZeile 2 ${"äöü€".repeat(30)}`);
    expect(foldLine("short")).toBe("short");
  });
});

describe("calendar messages that stay true (RFC 5546)", () => {
  const at = { date: { year: 2026, month: 12, day: 1 }, time: { hour: 8, minute: 30 }, durationMinutes: 60 };
  const request = calendarInvite({ ...base, ...at }).split("\r\n");
  const cancel = calendarInvite({ ...base, ...at, method: "CANCEL", sequence: 1 }).split("\r\n");

  it("invites with METHOD:REQUEST and withdraws with METHOD:CANCEL, the same UID and a higher SEQUENCE", () => {
    expect(request).toEqual(expect.arrayContaining(["METHOD:REQUEST", "UID:abc@happycar.termine", "SEQUENCE:0", "STATUS:CONFIRMED"]));
    expect(cancel).toEqual(expect.arrayContaining(["METHOD:CANCEL", "UID:abc@happycar.termine", "SEQUENCE:1", "STATUS:CANCELLED"]));
    expect(request).toContain("ATTENDEE;CN=Maria Muster;RSVP=FALSE:mailto:maria@example.com");
    // The cancellation names the same time, so a client can match it even without the UID.
    expect(cancel).toContain("DTSTART;TZID=Europe/Vienna:20261201T083000");
    expect(cancel).toContain("DTEND;TZID=Europe/Vienna:20261201T093000");
  });
});

/**
 * The UTC instant a client computes from the invite: the wall-clock DTSTART
 * plus the offset the invite's own VTIMEZONE rules give for that moment
 * (DAYLIGHT from the last Sunday of March, STANDARD from the last Sunday of
 * October, each at its DTSTART time), read from the emitted text.
 */
function clientInstant(ics: string): Date {
  const unfolded = ics.replace(/\r\n /g, "");
  const start = /DTSTART;TZID=Europe\/Vienna:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})/.exec(unfolded)!;
  const [year, month, day, hour, minute] = start.slice(1).map(Number) as [number, number, number, number, number];
  const rules = [
    ...unfolded.matchAll(
      /BEGIN:(DAYLIGHT|STANDARD)[\s\S]*?TZOFFSETTO:([+-]\d{4})[\s\S]*?DTSTART:\d{8}T(\d{2})\d{4}[\s\S]*?BYMONTH=(\d+);BYDAY=-1SU/g,
    ),
  ].map((match) => {
    const ruleMonth = Number(match[4]);
    const lastDay = new Date(Date.UTC(year, ruleMonth, 0));
    const lastSunday = lastDay.getUTCDate() - lastDay.getUTCDay();
    const offsetMinutes = (match[2]!.startsWith("-") ? -1 : 1) * (Number(match[2]!.slice(1, 3)) * 60 + Number(match[2]!.slice(3)));
    return { from: Date.UTC(year, ruleMonth - 1, lastSunday, Number(match[3])), offsetMinutes };
  });
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const active = rules.filter((rule) => rule.from <= wall).sort((a, b) => b.from - a.from)[0] ?? rules.sort((a, b) => b.from - a.from)[0]!;
  return new Date(wall - active.offsetMinutes * 60_000);
}

describe("Europe/Vienna across both clock changes", () => {
  it.each([
    ["the Saturday before summer time", 2027, 3, 27, 9, 0],
    ["the Monday after summer time begins", 2027, 3, 29, 8, 0],
    ["the last Saturday of summer time", 2027, 10, 30, 9, 0],
    ["the Monday after summer time ends", 2027, 11, 1, 8, 0],
    ["a summer afternoon", 2027, 7, 15, 17, 30],
    ["a winter morning", 2027, 1, 12, 8, 0],
  ])("%s: the invite's time is the workshop's wall clock", (_label, year, month, day, hour, minute) => {
    const ics = calendarInvite({ ...base, date: { year, month, day }, time: { hour, minute }, durationMinutes: 30 });
    const expected = new TZDate(year, month - 1, day, hour, minute, "Europe/Vienna");
    expect(clientInstant(ics).toISOString()).toBe(new Date(expected.getTime()).toISOString());
  });
});
