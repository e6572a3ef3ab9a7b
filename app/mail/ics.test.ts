import { describe, expect, it } from "vitest";
import { calendarInvite, escapeText, foldLine } from "./ics";

describe("calendar invite", () => {
  const invite = calendarInvite({
    uid: "abc@happycar.termine",
    stamp: new Date("2026-11-20T10:15:00Z"),
    date: { year: 2026, month: 3, day: 28 },
    time: { hour: 23, minute: 30 },
    durationMinutes: 60,
    summary: "Ölwechsel; Bremsen, Räder\\Reifen",
    description: `Zeile 1\r\nZeile 2 ${"äöü€".repeat(30)}`,
    location: "Musterstraße 12, 1100 Wien",
    organizer: { name: "Happy Car", email: "office@happycar.example" },
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
