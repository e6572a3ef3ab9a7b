import crypto from "node:crypto";
import type { Route } from "./+types/appointments";
import { databaseContext, requestContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
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
      return jsonError(status, result.error, {}, { "Retry-After": String(result.retryAfterSeconds) });
    case "slot-taken":
    case "too-many-open":
      // `code` lets a client tell a taken slot (refresh the times) from the per-address limit.
      return Response.json({ error: result.error, code: result.kind }, { status });
  }
});
