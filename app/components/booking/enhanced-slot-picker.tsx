import { de } from "date-fns/locale";
import { useEffect, useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import "./day-picker.css";
import { FieldError } from "~/components/ui/form-controls";
import { type CalendarDate, formatCalendarDate, parseCalendarDate } from "~/domain/calendar-date";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { formatIsoDateDE } from "~/lib/format-date";
import { bookingFormNames } from "~/schemas/booking-fields";
import { type SlotPickerProps, TimeSelect } from "./slot-picker";

/** The free times of one day as loaded for one refreshKey, or "error" when they could not be loaded. */
type SlotList = { date: CalendarDate; refreshKey: number; times: string[] | "error" };

/** The picker shows local calendar days; a day's local date is the calendar date meant. */
function toCalendarDate(date: Date): CalendarDate {
  return formatCalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

function toLocalDate(value: CalendarDate): Date {
  const parts = parseCalendarDate(value)!;
  return new Date(parts.year, parts.month - 1, parts.day);
}

const weekdayFormatter = new Intl.DateTimeFormat("de-AT", { weekday: "long" });

function germanDay(date: CalendarDate): string {
  return `${weekdayFormatter.format(toLocalDate(date))}, ${formatIsoDateDE(date)}`;
}

const germanLabels = {
  labelNav: () => "Monatsauswahl",
  labelNext: () => "Nächster Monat",
  labelPrevious: () => "Vorheriger Monat",
  labelDayButton: (day: Date, modifiers: { today?: boolean; selected?: boolean; disabled?: boolean }) => {
    let label = germanDay(toCalendarDate(day));
    if (modifiers.today) label = `Heute, ${label}`;
    if (modifiers.disabled) label = `${label}, nicht verfügbar`;
    if (modifiers.selected) label = `${label}, ausgewählt`;
    return label;
  },
};

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

export default function EnhancedSlotPicker({ date, time, onDateChange, onTimeChange, errors, refreshKey }: SlotPickerProps) {
  const [{ today, lastDate }] = useState(() => bookingWindow(new Date()));
  const [availability, setAvailability] = useState<Map<CalendarDate, boolean> | undefined>();
  const [slots, setSlots] = useState<SlotList | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    getJson<{ days: Array<{ date: string; available: boolean }> }>(`/api/v1/availability?from=${today}&to=${lastDate}`, controller.signal)
      .then((body) => setAvailability(new Map(body.days.map((day) => [day.date, day.available]))))
      // Without the API the calendar still knows the opening hours and holidays.
      .catch(() => undefined);
    return () => controller.abort();
  }, [today, lastDate, refreshKey]);

  useEffect(() => {
    if (!date) return;
    const controller = new AbortController();
    getJson<{ slots: Array<{ time: string; available: boolean }> }>(`/api/v1/slots?date=${date}`, controller.signal)
      .then((body) => setSlots({ date, refreshKey, times: body.slots.filter((slot) => slot.available).map((slot) => slot.time) }))
      .catch(() => {
        if (!controller.signal.aborted) setSlots({ date, refreshKey, times: "error" });
      });
    return () => controller.abort();
  }, [date, refreshKey]);

  const isSelectable = (day: Date) => {
    const value = toCalendarDate(day);
    if (value < today || value > lastDate) return false;
    return availability ? availability.get(value) === true : daySchedule(value, new Date()).open;
  };

  // Until the list for the chosen day and the current refreshKey has arrived, it is loading.
  const loaded = slots && slots.date === date && slots.refreshKey === refreshKey ? slots.times : "loading";
  const times = Array.isArray(loaded) ? loaded : [];
  const placeholder = !date
    ? "Bitte zuerst einen Tag wählen"
    : loaded === "loading"
      ? "Freie Uhrzeiten werden geladen…"
      : loaded === "error"
        ? "Uhrzeiten konnten nicht geladen werden"
        : times.length === 0
          ? "An diesem Tag ist kein Termin mehr frei"
          : "Uhrzeit wählen";

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p id="booking-date-label" className="text-sm font-medium leading-none">
          Datum *
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
          {date ? `Gewählter Tag: ${germanDay(date)}` : "Noch kein Tag gewählt."}
        </p>
        <FieldError id="booking-date-error">{errors.date}</FieldError>
      </div>
      <TimeSelect
        times={times}
        value={time}
        onChange={onTimeChange}
        disabled={!date || loaded === "loading"}
        error={errors.time}
        placeholder={placeholder}
      />
    </div>
  );
}
