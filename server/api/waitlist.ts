import { Hono } from "hono";
import { env } from "~/config/env.server";
import { retryAfter, statusOf } from "~/http-status";
import { waitlistRefusal } from "~/messages";
import { bookingConfigFromEnv } from "~/services/booking.server";
import { joinWaitlist } from "~/services/waitlist.server";
import { workshopFactsInForce } from "~/services/workshop-facts.server";
import type { ServerEnv } from "../env";
import { jsonError } from "./answers";
import { jsonBody } from "./input";

/** The waiting list of a fully booked day (issue 28, docs/api.md). */
export const waitlist = new Hono<ServerEnv>();

/**
 * POST /api/v1/waitlist {"name","email","phone","date","service"} → 201 {"id","date","service"} (a repeat for the
 * same day and address: 200 with the same entry); 409 when the day still has a free time for the service, 400 for
 * bad fields or a past or closed day, 429 over the booking's limits.
 */
waitlist.post("/waitlist", async (c) => {
  const db = c.get("db");
  const result = await joinWaitlist(db, jsonBody(c), {
    now: new Date(),
    clientIp: c.get("clientIp"),
    // The workshop's facts (issue 29): whether the day is full for the service by its hours, durations and needs.
    config: bookingConfigFromEnv(env(), await workshopFactsInForce(db)),
  });
  if (result.ok) {
    const { entry, created } = result.value;
    return c.json({ id: entry.id, date: entry.date, service: entry.service }, created ? 201 : 200);
  }
  const status = statusOf(result.code);
  const { error, fields } = waitlistRefusal(result);
  switch (result.code) {
    case "invalid":
      return jsonError(c, status, error, { fields });
    case "rate-limited":
      return jsonError(c, status, error, {}, retryAfter(result.retryAfterSeconds));
    default:
      return jsonError(c, status, error, { code: result.code });
  }
});
