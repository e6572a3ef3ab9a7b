import { describe, expect, it } from "vitest";
import { addDays, zonedParts } from "~/domain/calendar-date";
import { loader as dayListLoader } from "~/routes/admin/day-list";
import { loader as plannerLoader } from "~/routes/admin/planner";
import { useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";

/**
 * The planner's and the day list's `?date=` is typed by hand or kept in a bookmark: a date whose
 * week leaves the four-digit years (9999-12-31's Saturday is in 10000) used to reach the database
 * and answer 500 (issue 31, finding 12). Such a date shows today, as a malformed one does.
 */
describe("far dates on the planner and the day list", () => {
  const database = useTestDatabase("pglite");
  const today = zonedParts(new Date(), "Europe/Vienna").date;

  it.each(["9999-12-31", "3000-01-01", "1000-01-01"])("?date=%s shows today's week and day", async (date) => {
    const planner = (await plannerLoader(
      (await routeArgs(new Request(`http://localhost/admin/planer?date=${date}`), { db: database.db })) as never,
    )) as { plan: { days: { date: string }[] } };
    // The week of today: its Monday within the last six days (today itself on a Sunday is not in Monday–Saturday).
    const monday = planner.plan.days[0]!.date;
    expect(monday >= addDays(today, -6) && monday <= today).toBe(true);
    const dayList = (await dayListLoader(
      (await routeArgs(new Request(`http://localhost/admin/tagesliste?date=${date}`), { db: database.db })) as never,
    )) as { date: string };
    expect(dayList.date).toBe(today);
  });
});
