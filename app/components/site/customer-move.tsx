import { Button } from "~/components/ui/button";
import { FieldError, Label } from "~/components/ui/form-controls";
import type { CalendarDate } from "~/domain/calendar-date";
import { moveMessages } from "~/messages";

export type MoveDay = { date: CalendarDate; times: string[] } | { date: CalendarDate; reason: string };

/**
 * 'Termin verschieben' on the customer's page (issue 28): a plain GET form picks the day (its free
 * times as the day picker offers them, read by the loader), a plain POST (intent=move, date, time)
 * moves it. Both work without JavaScript.
 */
export function CustomerMoveForm({
  pagePath,
  day,
  movesLeft,
  error,
  movedNow,
  status,
}: {
  pagePath: string;
  day: MoveDay | null;
  movesLeft: number;
  error?: string;
  movedNow: boolean;
  status: "beantragt" | "bestätigt";
}) {
  return (
    <section aria-labelledby="move-heading" className="mx-auto max-w-3xl space-y-4 px-4 pb-10">
      {movedNow ? (
        <p
          role="status"
          className="rounded-md border border-green-700/40 bg-green-50 p-4 text-green-950 dark:bg-green-950 dark:text-green-50"
        >
          {status === "bestätigt" ? moveMessages.customerMoved : moveMessages.customerRequestMoved}
        </p>
      ) : null}
      <h2 id="move-heading" className="text-xl font-semibold">
        {moveMessages.customerMoveTitle}
      </h2>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      {movesLeft <= 0 ? null : (
        <>
          <form method="get" action={pagePath} className="flex flex-wrap items-end gap-3">
            <div className="space-y-1">
              <Label htmlFor="move-day">Neuer Tag</Label>
              <input
                id="move-day"
                name="tag"
                type="date"
                required
                defaultValue={day?.date}
                className="block h-10 rounded-md border border-input bg-background px-3"
              />
            </div>
            <Button type="submit" variant="outline">
              Freie Zeiten zeigen
            </Button>
          </form>
          {day && "reason" in day ? <FieldError id="move-day-error">{day.reason}</FieldError> : null}
          {day && "times" in day ? (
            <form method="post" action={pagePath} className="space-y-3">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="date" value={day.date} />
              <fieldset className="space-y-2">
                <legend className="font-medium">Neue Uhrzeit</legend>
                <div className="flex flex-wrap gap-2">
                  {day.times.map((time) => (
                    <label key={time} className="flex min-h-10 items-center gap-2 rounded-md border border-input px-3">
                      <input type="radio" name="time" value={time} required />
                      {time}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Button type="submit">{moveMessages.customerMoveTitle}</Button>
            </form>
          ) : null}
        </>
      )}
    </section>
  );
}
