import type { Route } from "./+types/appointments";
import { jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { answerBookingRequest } from "./booking-answer.server";

export const loader = postOnlyLoader;

/**
 * POST /api/v1/appointments – a customer's appointment request (docs/api.md).
 * In the running server the fast path in server/booking-fast-path.ts answers
 * it first, with the same answer (decision 013).
 */
export const action = jsonPostAction(async (input, { context }: Route.ActionArgs) => {
  const { status, body, headers } = await answerBookingRequest(input, context);
  return Response.json(body, { status, headers });
});
