import { describe, expect, it } from "vitest";
import { defaultWorkshopFacts } from "~/domain/workshop";
import { renderEmail } from "./templates";

/** Issue 14: the receipts name the car and the hand-over; issue 26: the pick-up address the customer typed is in both. */
const PUBLIC_URL = "https://www.happycar.example";
const row = { id: "11111111-1111-4111-8111-111111111111", appointmentId: null, createdAt: new Date("2026-11-20T10:15:00Z") };
const request = {
  name: "Maria Muster",
  email: "maria@example.com",
  phone: "0660 111 22 33",
  date: "2026-12-01",
  time: "08:30",
  service: "§57a Überprüfung",
  licensePlate: "W 123-AB",
  vehicleModel: "VW Golf",
  mileageKm: "120000",
  firstRegistration: "2018-06",
  handover: "pickup",
};
const ADDRESS = "Praterstraße 1, 1020 Wien";

describe("booking e-mails with the car", () => {
  it("the customer's receipt names the car, the hand-over and the pick-up address", () => {
    const mail = renderEmail({ ...row, template: "booking-received-customer", params: { ...request, pickupAddress: ADDRESS } }, PUBLIC_URL);
    for (const line of [
      "Kennzeichen: W 123-AB",
      "Marke und Modell: VW Golf",
      "Kilometerstand: 120.000 km",
      "Erstzulassung: 06/2018",
      "Übergabe: Hol- und Bringservice",
      `Abholadresse: ${ADDRESS}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain("W 123-AB");
    expect(mail.html).toContain(ADDRESS);
  });

  it("the workshop's notice also has the pick-up address", () => {
    const mail = renderEmail({ ...row, template: "booking-received-workshop", params: { ...request, pickupAddress: ADDRESS } }, PUBLIC_URL);
    expect(mail.text).toContain("Übergabe: Hol- und Bringservice");
    expect(mail.text).toContain(`Abholadresse: ${ADDRESS}`);
    expect(mail.html).toContain(ADDRESS);
  });

  it("issue 27: the receipt, the workshop's notice and the confirmation name a courtesy car asked for, and only then", () => {
    const line = "Ersatzwagen: gewünscht, ab Terminbeginn bis Betriebsschluss";
    const confirmation = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "Ölwechsel" };
    const mails = [
      { template: "booking-received-customer", params: request },
      { template: "booking-received-workshop", params: request },
      { template: "appointment-confirmed", params: confirmation },
    ];
    for (const { template, params } of mails) {
      expect(renderEmail({ ...row, template, params: { ...params, courtesyCar: "true" } }, PUBLIC_URL).text).toContain(line);
      expect(renderEmail({ ...row, template, params }, PUBLIC_URL).text).not.toContain("Ersatzwagen");
    }
  });

  it("the confirmation's invite lasts the booking's duration, else the service's", () => {
    const appointment = {
      name: "Maria Muster",
      email: "maria@example.com",
      date: "2026-12-01",
      time: "08:30",
      service: "§57a Überprüfung",
    };
    const invite = (params: Record<string, string>) =>
      renderEmail({ ...row, template: "appointment-confirmed", params }, PUBLIC_URL).attachments[0]!.content;
    expect(invite({ ...appointment, durationMinutes: "90" })).toContain("DTEND;TZID=Europe/Vienna:20261201T100000\r\n");
    expect(invite(appointment)).toContain("DTEND;TZID=Europe/Vienna:20261201T093000\r\n");
    expect(invite({ ...appointment, service: "Ölwechsel" })).toContain("DTEND;TZID=Europe/Vienna:20261201T090000\r\n");
  });

  it("issue 29: an old confirmation without a duration lasts as long as its services take by the workshop's facts, not site.ts's", () => {
    const facts = defaultWorkshopFacts();
    for (const service of facts.services) if (service.name === "§57a Überprüfung") service.durationSteps = 4;
    const params = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "§57a Überprüfung" };
    const invite = (extra: Record<string, string> = {}) =>
      renderEmail({ ...row, template: "appointment-confirmed", params: { ...params, ...extra } }, PUBLIC_URL, facts).attachments[0]!
        .content;
    expect(invite()).toContain("DTEND;TZID=Europe/Vienna:20261201T103000\r\n");
    // A stored duration is the appointment's own: it keeps the length it was booked with.
    expect(invite({ durationMinutes: "60" })).toContain("DTEND;TZID=Europe/Vienna:20261201T093000\r\n");
  });
});
