import { lazy, Suspense } from "react";
import { FieldError, Input, Label, NativeSelect } from "~/components/ui/form-controls";
import type { CalendarDate } from "~/domain/calendar-date";
import { bookingWindow, type SlotRules } from "~/domain/slots";
import { useHydrated } from "~/lib/use-hydrated";
import { bookingFormNames, type FieldErrors } from "~/schemas/booking-fields";

// The day picker and its date library load after hydration, not with the page.
const EnhancedSlotPicker = lazy(() => import("./enhanced-slot-picker"));

export type SlotPickerProps = {
  /** The workshop's slot rules (its facts, issue 29): the window of days and, without the API, which days open. */
  rules: SlotRules;
  /** The start times the server lists for the chosen services and day (the fallback's select). */
  times: string[];
  date: CalendarDate;
  time: string;
  /**
   * The chosen services, 'Leistung' first and the ticked 'Weitere Leistungen' (none yet: empty): the
   * offered start times must fit the whole visit (issue 28).
   */
  services: readonly string[];
  /** How long the visit of `services` lasts (the workshop's durations, issue 29): named when a chosen time no longer fits. */
  visitMinutes: number;
  /** 'Ersatzwagen gewünscht' ticked: only days and times with a courtesy car free until closing. */
  courtesyCar: boolean;
  onDateChange: (date: CalendarDate) => void;
  onTimeChange: (time: string) => void;
  errors: FieldErrors;
  /** Changes whenever availability must be loaded again (after a booking or a taken slot). */
  refreshKey: number;
  /**
   * Set while the free times of the chosen day are loading (settles once they are there and a
   * time that no longer fits has been cleared): a submit in that moment waits for it.
   */
  slotsLoadingRef: React.RefObject<Promise<void> | null>;
  /** Told whether the chosen day is fully booked for the demand (the form then offers its waiting list, issue 28). */
  onFullDayChange?: (full: boolean) => void;
};

/**
 * Date and time of the request. Without JavaScript: a native date input and a
 * select of the start times the facts' hours allow for the chosen services (on the
 * chosen day once the form was posted; the server checks the slot). Once the
 * page runs JavaScript: a German day picker with closed and fully booked days
 * disabled, and a time list with only the free slots of the chosen day.
 */
export function SlotPicker(props: SlotPickerProps) {
  const hydrated = useHydrated();
  const fallback = <FallbackSlotPicker {...props} />;
  return hydrated ? (
    <Suspense fallback={fallback}>
      <EnhancedSlotPicker {...props} />
    </Suspense>
  ) : (
    fallback
  );
}

function FallbackSlotPicker({ rules, times, date, time, errors, onDateChange, onTimeChange }: SlotPickerProps) {
  const { today, lastDate } = bookingWindow(new Date(), rules);
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="booking-date">Datum *</Label>
        <Input
          id="booking-date"
          type="date"
          name={bookingFormNames.date}
          min={today}
          max={lastDate}
          defaultValue={date}
          // Keeps a date typed before the day picker has loaded.
          onChange={(event) => onDateChange(event.target.value)}
          aria-invalid={errors.date ? true : undefined}
          aria-describedby={errors.date ? "booking-date-error" : undefined}
        />
        <FieldError id="booking-date-error">{errors.date}</FieldError>
      </div>
      <TimeSelect times={times} defaultValue={time} onChange={onTimeChange} error={errors.time} placeholder="Uhrzeit wählen" />
    </div>
  );
}

export function TimeSelect({
  times,
  error,
  placeholder,
  value,
  defaultValue,
  onChange,
  disabled,
}: {
  times: string[];
  error?: string;
  placeholder: string;
  value?: string;
  defaultValue?: string;
  onChange: (time: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor="booking-time">Uhrzeit *</Label>
      <NativeSelect
        id="booking-time"
        name={bookingFormNames.time}
        value={value}
        defaultValue={defaultValue}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "booking-time-error" : undefined}
      >
        <option value="">{placeholder}</option>
        {times.map((time) => (
          <option key={time} value={time}>
            {time} Uhr
          </option>
        ))}
      </NativeSelect>
      <FieldError id="booking-time-error">{error}</FieldError>
    </div>
  );
}
