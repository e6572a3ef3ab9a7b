import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { renderEmail } from "./templates";

/** Issue 16: 'Abholbereit' tells the customer, with the opening hours, the workshop's phone and address, and the personal link. */
const PUBLIC_URL = "https://www.happycar.example";
const TOKEN = "c".repeat(43);
const row = { id: "11111111-1111-4111-8111-111111111111", appointmentId: null, createdAt: new Date("2026-12-01T15:00:00Z") };
const params = {
  name: "Maria Muster",
  email: "maria@example.com",
  date: "2026-12-01",
  time: "08:30",
  service: "Bremsenservice",
  licensePlate: "W 123-AB",
  accessToken: TOKEN,
};
const render = (overrides: Record<string, string> = {}) =>
  renderEmail({ ...row, template: "appointment-ready", params: { ...params, ...overrides } }, PUBLIC_URL);

describe("the 'Abholbereit' e-mail", () => {
  it("says the car can be fetched, when the workshop is open, how to reach it, and links the personal page", () => {
    const mail = render();
    expect(mail.subject).toBe("Ihr Fahrzeug ist abholbereit");
    expect(mail.attachments).toEqual([]);
    const link = `${PUBLIC_URL}/termin/${TOKEN}`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Maria Muster");
      expect(part).toContain(
        "Ihr Fahrzeug mit dem Kennzeichen W 123-AB ist fertig und kann während unserer Öffnungszeiten bei uns abgeholt werden.",
      );
      for (const { days, hours } of site.openingHoursDisplay) {
        expect(part).toContain(days);
        expect(part).toContain(hours);
      }
      expect(part).toContain(site.phones[0].display);
      expect(part).toContain(site.address.street);
      expect(part).toContain(link);
    }
    expect(mail.text).toContain("Montag – Freitag: 8:00 – 18:00");
    expect(mail.text).toContain("Sonntag: geschlossen");
  });

  it("for the Hol- und Bringservice it promises the car back instead of asking the customer to come", () => {
    const mail = render({ handover: "pickup" });
    expect(mail.text).toContain("Wie vereinbart bringen wir es Ihnen zurück");
    expect(mail.text).not.toContain("bei uns abgeholt werden");
  });

  it("escapes the customer's name in the HTML", () => {
    expect(render({ name: "<b>Max</b>" }).html).toContain("&lt;b&gt;Max&lt;/b&gt;");
  });
});
