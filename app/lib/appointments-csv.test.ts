import { describe, expect, it } from "vitest";
import { appointmentsCsv, type CsvAppointment } from "./appointments-csv";

const row: CsvAppointment = {
  id: "0b6f3c52-1d4e-4c4b-9c43-6a1f0f3c7e11",
  name: "Anna Muster",
  email: "anna@example.at",
  phone: "0664 1234567",
  date: "2026-12-02",
  time: "09:00",
  durationMinutes: 90,
  service: "Ölwechsel",
  additionalServices: ["Elektrik", "Bremsenservice"],
  status: "bestätigt",
  message: null,
  licensePlate: null,
  vehicleModel: null,
  mileageKm: null,
  firstRegistration: null,
  handover: null,
  pickupAddress: null,
  cancellationReason: null,
  internalNote: null,
  createdAt: new Date("2026-11-30T08:00:00Z"),
  updatedAt: new Date("2026-11-30T08:00:00Z"),
};

/** Several services in one visit (issue 28, decision 045): 'Leistung' the first, 'Weitere Leistungen' beside it. */
describe("appointmentsCsv: several services", () => {
  it("keeps the first in 'Leistung' and lists the further ones in 'Weitere Leistungen'", () => {
    const [header, record] = appointmentsCsv([row])
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header!.startsWith('"Datum";"Uhrzeit";"Dauer (Minuten)";"Leistung";"Weitere Leistungen";"Status";')).toBe(true);
    expect(record!.startsWith('"02.12.2026";"09:00";"90";"Ölwechsel";"Elektrik, Bremsenservice";"bestätigt";')).toBe(true);
  });

  it("leaves 'Weitere Leistungen' empty for one service", () => {
    const [, record] = appointmentsCsv([{ ...row, additionalServices: [] }])
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(record!.startsWith('"02.12.2026";"09:00";"90";"Ölwechsel";"";"bestätigt";')).toBe(true);
  });
});
