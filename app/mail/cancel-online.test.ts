import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { cancelOnlineUntil } from "./emails";
import { renderEmail } from "./templates";

/**
 * Issue 26, point 10: the confirmation and the reminder say that the personal
 * link cancels online until the cutoff (Europe/Vienna), and to phone after it.
 */
const PUBLIC_URL = "https://www.happycar.example";
const TOKEN = "c".repeat(43);
const row = { id: "11111111-1111-4111-8111-111111111111", appointmentId: null, createdAt: new Date("2026-11-20T10:15:00Z") };
const appointment = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "Ölwechsel" };
const phone = site.phones[0].display;
const PHONE_ONLY = `Falls Sie den Termin nicht wahrnehmen können, rufen Sie uns bitte unter ${phone} an.`;

const render = (template: string, params: object) => renderEmail({ ...row, template, params }, PUBLIC_URL);

describe("cancelling online, as the confirmation and the reminder say it", () => {
  it.each(["appointment-confirmed", "appointment-reminder"])(
    "%s names the deadline as Vienna's wall clock and the phone after it",
    (template) => {
      // 24 hours before 01.12.2026 08:30 in Vienna (UTC+1) is 30.11.2026 07:30 UTC.
      const mail = render(template, { ...appointment, accessToken: TOKEN, selfCancelUntil: "2026-11-30T07:30:00.000Z" });
      const sentence = `Sie können den Termin bis 30.11.2026, 08:30 Uhr über Ihren persönlichen Link absagen; danach rufen Sie uns bitte an: ${phone}.`;
      expect(mail.text).toContain(sentence);
      expect(mail.html).toContain(sentence);
      expect(mail.text).toContain(`${PUBLIC_URL}/termin/${TOKEN}`);
      expect(mail.text).not.toContain(PHONE_ONLY);
    },
  );

  it("asks to phone when the deadline had passed as it was queued, or the e-mail has no personal link", () => {
    expect(render("appointment-confirmed", { ...appointment, accessToken: TOKEN }).text).toContain(PHONE_ONLY);
    const noLink = render("appointment-reminder", { ...appointment, selfCancelUntil: "2026-11-30T07:30:00.000Z" }).text;
    expect(noLink).toContain(PHONE_ONLY);
    expect(noLink).not.toContain("persönlichen Link absagen");
  });

  it("refuses a deadline that is no instant", () => {
    expect(() => render("appointment-confirmed", { ...appointment, selfCancelUntil: "30.11.2026 08:30" })).toThrow(/selfCancelUntil/);
  });
});

describe("cancelOnlineUntil", () => {
  const start = { date: "2026-12-01", time: "08:30" };

  it("is the start in Vienna less the cutoff, while that is ahead", () => {
    expect(cancelOnlineUntil(start, new Date("2026-11-20T10:00:00Z"), 24)).toBe("2026-11-30T07:30:00.000Z");
    expect(cancelOnlineUntil(start, new Date("2026-11-30T07:30:00Z"), 24)).toBe("2026-11-30T07:30:00.000Z");
    expect(cancelOnlineUntil(start, new Date("2026-11-20T10:00:00Z"), 2.5)).toBe("2026-12-01T05:00:00.000Z");
  });

  it("is none once the deadline has passed, or without a cutoff", () => {
    expect(cancelOnlineUntil(start, new Date("2026-11-30T07:30:01Z"), 24)).toBeUndefined();
    expect(cancelOnlineUntil(start, new Date("2026-11-20T10:00:00Z"), undefined)).toBeUndefined();
  });

  it("counts the hours across the change to summer time (Vienna, 29.03.2026)", () => {
    // 30.03.2026 08:00 CEST is 06:00 UTC; 24 hours before is 29.03.2026 06:00 UTC (08:00 CEST).
    expect(cancelOnlineUntil({ date: "2026-03-30", time: "08:00" }, new Date("2026-03-01T00:00:00Z"), 24)).toBe("2026-03-29T06:00:00.000Z");
  });
});
