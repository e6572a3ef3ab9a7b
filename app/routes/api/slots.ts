import type { Route } from "./+types/slots";
import { answerSlotsRequest } from "./booking-answer.server";

/**
 * GET /api/v1/slots?date=yyyy-MM-dd – the slots of one day (docs/api.md). In
 * the running server the fast path in server/booking-fast-path.ts answers it
 * first, with the same answer (decision 013).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, body, headers } = await answerSlotsRequest(new URL(request.url).searchParams.get("date") ?? "", context);
  return Response.json(body, { status, headers });
}
