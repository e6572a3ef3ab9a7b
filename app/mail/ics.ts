/**
 * A minimal RFC 5545 calendar with one event, in Europe/Vienna wall time.
 * Written by hand because it is small: a VTIMEZONE with the EU summer-time
 * rules, TZID-qualified start and end, escaped text and lines folded at 75
 * octets with CRLF endings.
 *
 * iTIP (RFC 5546): the confirmation is a REQUEST, a later cancellation a
 * CANCEL with the same UID and a higher SEQUENCE, so the customer's calendar
 * updates the entry it already has instead of keeping a stale one.
 */
export type CalendarEvent = {
  method: "REQUEST" | "CANCEL";
  /** Stable per appointment: every message about it names the same entry. */
  uid: string;
  /** 0 for the invite; each later change counts up. */
  sequence: number;
  /** When the invite was created (UTC). */
  stamp: Date;
  /** Wall-clock start in Europe/Vienna. */
  date: { year: number; month: number; day: number };
  time: { hour: number; minute: number };
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string } | null;
};

const VIENNA_TIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Vienna",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** Local date-time as YYYYMMDDTHHMMSS; minutes are added on the wall clock. */
function localDateTime(event: CalendarEvent, plusMinutes = 0): string {
  // Date.UTC used only as a calendar calculator: no zone is involved.
  const wall = new Date(Date.UTC(event.date.year, event.date.month - 1, event.date.day, event.time.hour, event.time.minute + plusMinutes));
  return (
    `${pad(wall.getUTCFullYear(), 4)}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}00`
  );
}

function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT value escaping (RFC 5545 3.3.11); other control characters are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n")
    .replace(/[\u0000-\u001f\u007f]/g, "");
}

/** A parameter value may not hold quotes, and is quoted when it has ":;,". */
function paramValue(value: string): string {
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, "");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function calendarInvite(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Happy Car//Termine//DE",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    ...VIENNA_TIMEZONE,
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART;TZID=Europe/Vienna:${localDateTime(event)}`,
    `DTEND;TZID=Europe/Vienna:${localDateTime(event, event.durationMinutes)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...(event.attendee ? [`ATTENDEE;CN=${paramValue(event.attendee.name)};RSVP=FALSE:mailto:${event.attendee.email}`] : []),
    event.method === "CANCEL" ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
    `SEQUENCE:${event.sequence}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
