import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/form-controls";
import { type Handover, handovers } from "~/domain/vehicle";
import { useHydrated } from "~/lib/use-hydrated";
import { pickupMessages } from "~/messages";
import { bookingFormNames, type FieldErrors, handoverLabels, INSPECTION_CONSENT_LABEL, type VehicleField } from "~/schemas/booking-fields";

/** `pickupsPerDay`, `pickupPostalCodes`: the workshop's booking rules (its facts, issue 29). */
const handoverHints = (pickupsPerDay: number, pickupPostalCodes: ReadonlyArray<string>): Record<Handover, string> => ({
  wait: "Bei kürzeren Arbeiten, z. B. Ölwechsel oder Reifenwechsel.",
  drop_off: "Sie bringen das Auto und holen es nach der Arbeit wieder ab.",
  pickup: pickupMessages.hint(pickupPostalCodes, pickupsPerDay),
});

/**
 * The group 'Ihr Fahrzeug': the car and how it reaches the workshop, all
 * optional. Plain inputs, so the form works without JavaScript; with it, the
 * pick-up address becomes required once the pick-up service is chosen, and
 * the §57a reminder's checkbox shows only once a first registration is entered
 * (without JavaScript it always shows; the server then asks for the month).
 */
export function VehicleFields({
  values,
  errors,
  pickupsPerDay,
  pickupPostalCodes,
}: {
  values: Record<string, string>;
  errors: FieldErrors;
  pickupsPerDay: number;
  pickupPostalCodes: ReadonlyArray<string>;
}) {
  const [handover, setHandover] = useState(values.handover ?? "");
  const [firstRegistration, setFirstRegistration] = useState(values.firstRegistration ?? "");
  const hydrated = useHydrated();

  const fieldProps = (field: VehicleField) => ({
    id: bookingFormNames[field],
    name: bookingFormNames[field],
    defaultValue: values[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${bookingFormNames[field]}-error` : undefined,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Ihr Fahrzeug</CardTitle>
        <CardDescription>Freiwillige Angaben – sie helfen uns, Ihren Termin vorzubereiten.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="booking-license-plate">Kennzeichen</Label>
            <Input {...fieldProps("licensePlate")} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} />
            <FieldError id="booking-license-plate-error">{errors.licensePlate}</FieldError>
          </div>
          <div className="space-y-2">
            <Label htmlFor="booking-vehicle-model">Marke und Modell</Label>
            <Input {...fieldProps("vehicleModel")} maxLength={80} />
            <FieldError id="booking-vehicle-model-error">{errors.vehicleModel}</FieldError>
          </div>
          <div className="space-y-2">
            <Label htmlFor="booking-mileage">Kilometerstand (km)</Label>
            <Input {...fieldProps("mileageKm")} inputMode="numeric" autoComplete="off" maxLength={12} />
            <FieldError id="booking-mileage-error">{errors.mileageKm}</FieldError>
          </div>
          <div className="space-y-2">
            <Label htmlFor="booking-first-registration">Erstzulassung (Monat/Jahr)</Label>
            {/* A month picker where the browser has one; elsewhere a text field that takes MM/JJJJ. */}
            <Input
              {...fieldProps("firstRegistration")}
              type="month"
              min="1900-01"
              placeholder="MM/JJJJ"
              onChange={(event) => setFirstRegistration(event.target.value)}
            />
            <FieldError id="booking-first-registration-error">{errors.firstRegistration}</FieldError>
            {!hydrated || firstRegistration.trim() !== "" || errors.inspectionReminder ? (
              <>
                {/* Opt-in: never ticked in advance; the consent is stored with this label's words. */}
                <label className="flex min-h-11 cursor-pointer items-start gap-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    id={bookingFormNames.inspectionReminder}
                    name={bookingFormNames.inspectionReminder}
                    defaultChecked={values.inspectionReminder === "on"}
                    aria-invalid={errors.inspectionReminder ? true : undefined}
                    aria-describedby={errors.inspectionReminder ? "booking-inspection-reminder-error" : undefined}
                    className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
                  />
                  <span>{INSPECTION_CONSENT_LABEL}</span>
                </label>
                <FieldError id="booking-inspection-reminder-error">{errors.inspectionReminder}</FieldError>
              </>
            ) : null}
          </div>
        </div>
        <fieldset
          className="space-y-2"
          aria-invalid={errors.handover ? true : undefined}
          aria-describedby={errors.handover ? "booking-handover-error" : undefined}
        >
          <legend className="mb-2 text-sm font-medium leading-none">Wie kommt Ihr Auto zu uns?</legend>
          {handovers.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name={bookingFormNames.handover}
                value={value}
                checked={handover === value}
                onChange={() => setHandover(value)}
                className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
              />
              <span className="text-sm font-medium">
                {handoverLabels[value]}
                <span className="block font-normal text-muted-foreground">{handoverHints(pickupsPerDay, pickupPostalCodes)[value]}</span>
              </span>
            </label>
          ))}
          <FieldError id="booking-handover-error">{errors.handover}</FieldError>
        </fieldset>
        <div className="space-y-2">
          <Label htmlFor="booking-pickup-address">Abholadresse{handover === "pickup" ? " *" : " (nur beim Hol- und Bringservice)"}</Label>
          <Input
            {...fieldProps("pickupAddress")}
            autoComplete="street-address"
            maxLength={200}
            placeholder="Straße Hausnummer, PLZ Wien"
            required={handover === "pickup"}
          />
          <FieldError id="booking-pickup-address-error">{errors.pickupAddress}</FieldError>
        </div>
      </CardContent>
    </Card>
  );
}
