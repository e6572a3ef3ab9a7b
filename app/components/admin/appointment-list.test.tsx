import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminAppointment } from "~/domain/appointment";
import { AppointmentList } from "./appointment-list";

const item = {
  id: "0b5c7f3e-8d4a-4c1e-9f2b-6a7d8e9f0a1b",
  name: "Anna Muster",
  email: "anna@example.at",
  phone: "0660 1234567",
  date: "2026-12-01",
  time: "08:00",
  service: "Ölwechsel",
  message: null,
  status: "beantragt",
  cancellationReason: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  durationMinutes: 30,
  licensePlate: "W 12345 X",
  vehicleModel: null,
  mileageKm: null,
  firstRegistration: null,
  handover: null,
  pickupAddress: null,
  emailState: null,
} as unknown as AdminAppointment;

function render(onDelete?: () => void): string {
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => <AppointmentList items={[item]} hrefWith={() => "/admin"} onCancel={() => {}} onDelete={onDelete} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin"]} />);
}

describe("the board's list", () => {
  it("shows the Kennzeichen in the table and on the phone's card", () => {
    const html = render(() => {});
    expect(html).toContain(">Kennzeichen</th>");
    expect(html.match(/W 12345 X/g)).toHaveLength(2);
  });
});

describe("the board's actions by role", () => {
  it("shows 'Löschen' to an owner and not to staff (who may still confirm and cancel)", () => {
    expect(render(() => {})).toContain("Löschen");
    const staffView = render(undefined);
    expect(staffView).not.toContain("Löschen");
    expect(staffView).toContain("Bestätigen");
    expect(staffView).toContain("Stornieren");
  });
});
