import crypto from "node:crypto";
import type { Route } from "./+types/appointments";
import { databaseContext, requestContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { bookingMessages } from "~/messages";
import { bookingConfigFromEnv, bookingResultStatus, requestAppointment } from "~/services/booking.server";

export const loader = postOnlyLoader;

/** POST /api/v1/appointments – a customer's appointment request (docs/api.md). */
export const action = jsonPostAction(async (input, { context }: Route.ActionArgs) => {
  const result = await requestAppointment(context.get(databaseContext), input, {
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
    config: bookingConfigFromEnv(),
  });
  const status = bookingResultStatus[result.kind];
  switch (result.kind) {
    case "created":
      return Response.json({ id: result.id, status: "beantragt" }, { status });
    case "honeypot":
      return Response.json({ id: crypto.randomUUID(), status: "beantragt" }, { status });
    case "invalid":
      return jsonError(status, result.error, { fields: result.fields });
    case "rate-limited":
      return jsonError(status, bookingMessages["rate-limited"], {}, { "Retry-After": String(result.retryAfterSeconds) });
    // `code` lets a client tell a taken slot (refresh the times) from the per-address and pick-up limits.
    case "slot-taken":
    case "pickups-full":
      return Response.json({ error: bookingMessages[result.kind], code: result.kind }, { status });
    case "too-many-open":
      return Response.json({ error: bookingMessages["too-many-open"](result.limit), code: result.kind }, { status });
  }
});
