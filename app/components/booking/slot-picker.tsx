import { de } from "date-fns/locale";
import { useEffect, useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import "./day-picker.css";
import { FieldError, Label, NativeSelect, Input } from "~/components/ui/form-controls";
import { type CalendarDate, formatCalendarDate, parseCalendarDate } from "~/domain/calendar-date";
import { allSlotTimes, bookingWindow, daySchedule } from "~/domain/slots";
import { formatIsoDateDE } from "~/lib/format-date";
import { bookingFormNames, type FieldErrors } from "~/schemas/booking";

type Availability = Map<CalendarDate, boolean>;
type SlotList = { date: CalendarDate; times: string[] } | "loading" | "error";

function toCalendarDate(date: Date): CalendarDate {
  return formatCalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

function toLocalDate(value: CalendarDate): Date {
  const parts = parseCalendarDate(value)!;
  return new Date(parts.year, parts.month - 1, parts.day);
}

const weekdayFormatter = new Intl.DateTimeFormat("de-AT", { weekday: "long" });

/**
 * Date and time of the request. Without JavaScript: a native date input and a
 * select of every possible start time (the server checks the slot). Once the
 * page runs JavaScript: a German day picker with closed and fully booked days
 * disabled, and a time list with only the free slots of the chosen day.
 */
export function SlotPicker({
  date,
  time,
  onDateChange,
  onTimeChange,
  errors,
  refreshKey,
}: {
  date: CalendarDate;
  time: string;
  onDateChange: (date: CalendarDate) => void;
  onTimeChange: (time: string) => void;
  errors: FieldErrors;
  /** Changes whenever availability must be loaded again (after a booking or a taken slot). */
  refreshKey: number;
}) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced ? (
    <EnhancedSlotPicker {...{ date, time, onDateChange, onTimeChange, errors, refreshKey }} />
  ) : (
    <FallbackSlotPicker date={date} time={time} errors={errors} />
  );
}

function FallbackSlotPicker({ date, time, errors }: { date: string; time: string; errors: FieldErrors }) {
  const { today, lastDate } = bookingWindow(new Date());
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="booking-date">Datum</Label>
        <Input
          id="booking-date"
          type="date"
          name={bookingFormNames.date}
          min={today}
          max={lastDate}
          defaultValue={date}
          aria-invalid={errors.date ? true : undefined}
          aria-describedby={errors.date ? "booking-date-error" : undefined}
        />
        <FieldError id="booking-date-error">{errors.date}</FieldError>
      </div>
      <TimeSelect
        times={allSlotTimes()}
        defaultValue={time}
        error={errors.time}
        placeholder="Uhrzeit wählen"
      />
    </div>
  );
}

function EnhancedSlotPicker({
  date,
  time,
  onDateChange,
  onTimeChange,
  errors,
  refreshKey,
}: {
  date: CalendarDate;
  time: string;
  onDateChange: (date: CalendarDate) => void;
  onTimeChange: (time: string) => void;
  errors: FieldErrors;
  refreshKey: number;
}) {
  const [{ today, lastDate }] = useState(() => bookingWindow(new Date()));
  const [availability, setAvailability] = useState<Availability | undefined>();
  const [slots, setSlots] = useState<SlotList | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/v1/availability?from=${today}&to=${lastDate}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { days: Array<{ date: string; available: boolean }> }) =>
        setAvailability(new Map(body.days.map((day) => [day.date, day.available]))),
      )
      // Without the API the calendar still knows the opening hours and holidays.
      .catch(() => undefined);
    return () => controller.abort();
  }, [today, lastDate, refreshKey]);

  useEffect(() => {
    if (!date) {
      setSlots(undefined);
      return;
    }
    const controller = new AbortController();
    setSlots("loading");
    fetch(`/api/v1/slots?date=${date}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { slots: Array<{ time: string; available: boolean }> }) =>
        setSlots({ date, times: body.slots.filter((slot) => slot.available).map((slot) => slot.time) }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setSlots("error");
        return error;
      });
    return () => controller.abort();
  }, [date, refreshKey]);

  const isSelectable = (day: Date) => {
    const value = toCalendarDate(day);
    if (value < today || value > lastDate) return false;
    return availability ? availability.get(value) === true : daySchedule(value, new Date()).open;
  };

  const times = slots && typeof slots === "object" ? slots.times : [];
  const placeholder = !date
    ? "Bitte zuerst einen Tag wählen"
    : slots === "loading"
      ? "Freie Uhrzeiten werden geladen…"
      : slots === "error"
        ? "Uhrzeiten konnten nicht geladen werden"
        : times.length === 0
          ? "An diesem Tag ist kein Termin mehr frei"
          : "Uhrzeit wählen";

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p id="booking-date-label" className="text-sm font-medium leading-none">
          Datum
        </p>
        <input type="hidden" name={bookingFormNames.date} value={date} />
        <div
          role="group"
          aria-labelledby="booking-date-label"
          aria-describedby={errors.date ? "booking-date-error" : undefined}
          className="flex justify-center rounded-md border border-border p-2"
        >
          <DayPicker
            mode="single"
            locale={de}
            weekStartsOn={1}
            selected={date ? toLocalDate(date) : undefined}
            onSelect={(day) => onDateChange(day ? toCalendarDate(day) : "")}
            disabled={(day) => !isSelectable(day)}
            startMonth={toLocalDate(today)}
            endMonth={toLocalDate(lastDate)}
            defaultMonth={date ? toLocalDate(date) : toLocalDate(today)}
            labels={germanLabels}
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {date ? `Gewählter Tag: ${weekdayFormatter.format(toLocalDate(date))}, ${formatIsoDateDE(date)}` : "Noch kein Tag gewählt."}
        </p>
        <FieldError id="booking-date-error">{errors.date}</FieldError>
      </div>
      <TimeSelect
        times={times}
        value={time}
        onChange={onTimeChange}
        disabled={!date || slots === "loading"}
        error={errors.time}
        placeholder={placeholder}
      />
    </div>
  );
}

function TimeSelect({
  times,
  error,
  placeholder,
  ...props
}: {
  times: string[];
  error?: string;
  placeholder: string;
  value?: string;
  defaultValue?: string;
  onChange?: (time: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor="booking-time">Uhrzeit</Label>
      <NativeSelect
        id="booking-time"
        name={bookingFormNames.time}
        value={props.value}
        defaultValue={props.defaultValue}
        onChange={props.onChange ? (event) => props.onChange!(event.target.value) : undefined}
        disabled={props.disabled}
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

const germanLabels = {
  labelNav: () => "Monatsauswahl",
  labelNext: () => "Nächster Monat",
  labelPrevious: () => "Vorheriger Monat",
  labelDayButton: (day: Date, modifiers: { today?: boolean; selected?: boolean; disabled?: boolean }) => {
    let label = `${weekdayFormatter.format(day)}, ${formatIsoDateDE(toCalendarDate(day))}`;
    if (modifiers.today) label = `Heute, ${label}`;
    if (modifiers.disabled) label = `${label}, nicht verfügbar`;
    if (modifiers.selected) label = `${label}, ausgewählt`;
    return label;
  },
};
