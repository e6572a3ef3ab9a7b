import "react-day-picker/style.css";
import "./day-picker.css";
import { de } from "date-fns/locale";
import { useEffect, useRef, useState } from "react";
import { DayPicker } from "react-day-picker";
import { FieldError } from "~/components/ui/form-controls";
import { type CalendarDate, formatCalendarDate, parseCalendarDate } from "~/domain/calendar-date";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { formatIsoDateDE } from "~/lib/format-date";
import { courtesyCarMessages } from "~/messages";
import { bookingFormNames } from "~/schemas/booking-fields";
import { type SlotPickerProps, TimeSelect } from "./slot-picker";

/** The free start times of one day for one demand (service, courtesy car) as loaded for one refreshKey, or "error" when they could not be loaded. */
type SlotList = { date: CalendarDate; demand: string; refreshKey: number; times: string[] | "error" };

/** How full a day is (GET /api/v1/availability): the picker marks it, not by colour alone; `full`: fully booked, its waiting list open. */
type DayLevel = "many" | "few" | "none" | "full";

/** The services (`service` repeated, issue 28) and the courtesy car as query parameters; without a service the API answers for one slot. */
const demandQuery = (services: readonly string[], courtesyCar: boolean) =>
  `${services.map((service) => `&service=${encodeURIComponent(service)}`).join("")}${courtesyCar ? "&courtesyCar=true" : ""}`;

/** Why a chosen time no longer fits the services chosen afterwards; "" without a service. */
function servicesHint(chosen: string, services: readonly string[], minutes: number): string {
  if (services.length === 0) return "";
  const what = services.length > 1 ? `zu den Leistungen „${services.join(", ")}“` : `zur Leistung „${services[0]}“`;
  return `Die gewählte Uhrzeit ${chosen} Uhr passt nicht ${what} (Dauer etwa ${minutes} Minuten). Bitte wählen Sie eine neue Uhrzeit.`;
}

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
  labelDayButton: (day: Date, modifiers: Record<string, boolean>) => {
    let label = germanDay(toCalendarDate(day));
    if (modifiers.today) label = `Heute, ${label}`;
    if (modifiers.disabled) label = `${label}, nicht verfügbar`;
    else if (modifiers.full) label = `${label}, ausgebucht – Warteliste möglich`;
    else if (modifiers.few) label = `${label}, nur noch wenige Termine frei`;
    else if (modifiers.many) label = `${label}, viele Termine frei`;
    if (modifiers.selected) label = `${label}, ausgewählt`;
    return label;
  },
};

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

export default function EnhancedSlotPicker({
  rules,
  date,
  time,
  services,
  visitMinutes,
  courtesyCar,
  onDateChange,
  onTimeChange,
  errors,
  refreshKey,
  slotsLoadingRef,
  onFullDayChange,
}: SlotPickerProps) {
  const [{ today, lastDate }] = useState(() => bookingWindow(new Date(), rules));
  const [availability, setAvailability] = useState<Map<CalendarDate, DayLevel> | undefined>();
  const [slots, setSlots] = useState<SlotList | undefined>();
  // What the lists were loaded for: a change of either loads them again.
  const demand = demandQuery(services, courtesyCar);
  // By value: the list is a new array on every render of the form.
  const servicesKey = services.join("\n");
  // Why a chosen time was cleared (it does not fit the service chosen afterwards).
  const [clearedHint, setClearedHint] = useState("");
  // The chosen time as the slot list's answer finds it (the answer arrives after the render that asked).
  const chosenTime = useRef(time);
  useEffect(() => {
    chosenTime.current = time;
  });

  useEffect(() => {
    const controller = new AbortController();
    getJson<{ days: Array<{ date: string; level: DayLevel; full?: boolean }> }>(
      `/api/v1/availability?from=${today}&to=${lastDate}${demand}`,
      controller.signal,
    )
      .then((body) => setAvailability(new Map(body.days.map((day) => [day.date, day.full ? "full" : day.level]))))
      // Without the API the calendar still knows the opening hours and holidays.
      .catch(() => undefined);
    return () => controller.abort();
  }, [today, lastDate, demand, refreshKey]);

  useEffect(() => {
    if (!date) return;
    const controller = new AbortController();
    const loading: Promise<void> = getJson<{ slots: Array<{ time: string; available: boolean }> }>(
      `/api/v1/slots?date=${date}${demand}`,
      controller.signal,
    )
      .then((body) => {
        const times = body.slots.filter((slot) => slot.available).map((slot) => slot.time);
        setSlots({ date, demand, refreshKey, times });
        const chosen = chosenTime.current;
        if (chosen && !times.includes(chosen)) {
          onTimeChange("");
          setClearedHint(
            courtesyCar
              ? courtesyCarMessages.timeCleared(chosen)
              : servicesHint(chosen, servicesKey === "" ? [] : servicesKey.split("\n"), visitMinutes) ||
                  `Die gewählte Uhrzeit ${chosen} Uhr ist nicht mehr frei. Bitte wählen Sie eine neue Uhrzeit.`,
          );
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) setSlots({ date, demand, refreshKey, times: "error" });
      })
      .finally(() => {
        if (slotsLoadingRef.current === loading) slotsLoadingRef.current = null;
      });
    slotsLoadingRef.current = loading;
    return () => controller.abort();
  }, [date, demand, servicesKey, visitMinutes, courtesyCar, refreshKey, onTimeChange, slotsLoadingRef]);

  // A fully booked day can be chosen: the form offers its waiting list instead of a time.
  const chosenFull = date !== "" && availability?.get(date) === "full";
  useEffect(() => {
    onFullDayChange?.(chosenFull);
  }, [chosenFull, onFullDayChange]);

  const levelOf = (day: Date): DayLevel | undefined => {
    const value = toCalendarDate(day);
    if (value < today || value > lastDate) return "none";
    return availability?.get(value);
  };
  const isSelectable = (day: Date) => {
    const level = levelOf(day);
    return level ? level !== "none" : daySchedule(toCalendarDate(day), new Date(), rules).open;
  };

  function chooseTime(value: string) {
    setClearedHint("");
    onTimeChange(value);
  }

  // Until the list for the chosen day, service, courtesy car and the current refreshKey has arrived, it is loading.
  const loaded = slots && slots.date === date && slots.demand === demand && slots.refreshKey === refreshKey ? slots.times : "loading";
  // While the list reloads (another service chosen, a refresh) the chosen time stays shown and is
  // sent with the form; the new list keeps it if it still fits (issue 26).
  const keptWhileLoading = loaded === "loading" && time !== "";
  const times = Array.isArray(loaded) ? loaded : keptWhileLoading ? [time] : [];
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
            onSelect={(day) => {
              setClearedHint("");
              onDateChange(day ? toCalendarDate(day) : "");
            }}
            disabled={(day) => !isSelectable(day)}
            modifiers={{
              few: (day) => levelOf(day) === "few",
              many: (day) => levelOf(day) === "many",
              full: (day) => levelOf(day) === "full",
            }}
            modifiersClassNames={{ few: "hc-day-few", many: "hc-day-many", full: "hc-day-full" }}
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
        onChange={chooseTime}
        disabled={!date || loaded === "loading"}
        error={errors.time}
        placeholder={placeholder}
      />
      {/* A disabled select is not sent: the kept time goes with a submit that waited for the list. */}
      {keptWhileLoading ? <input type="hidden" name={bookingFormNames.time} value={time} /> : null}
      {clearedHint ? (
        <p role="status" className="text-sm font-medium text-amber-700 dark:text-amber-300">
          {clearedHint}
        </p>
      ) : null}
      {/* The calendar's marks explained in words (dots count, colour only adds to them); below the time, so that the
          time selector stays in view under the calendar (1280 × 900). */}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legende">
        <li>
          <span aria-hidden="true" className="hc-legend-mark">
            ●●
          </span>{" "}
          viele Termine frei
        </li>
        <li>
          <span aria-hidden="true" className="hc-legend-mark hc-legend-few">
            ●
          </span>{" "}
          nur noch wenige frei
        </li>
        <li>
          <span aria-hidden="true" className="hc-legend-full">
            12
          </span>{" "}
          ausgebucht: Warteliste
        </li>
        <li>
          <span aria-hidden="true" className="line-through">
            12
          </span>{" "}
          geschlossen
        </li>
      </ul>
    </div>
  );
}
