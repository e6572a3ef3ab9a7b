import { RouterContextProvider } from "react-router";
import { databaseContext, requestBodyContext, requestContext } from "~/context";
import type { Database } from "~/db/client.server";
import { readRequestBody } from "../../server/request-body";

/**
 * What React Router hands a loader or action in the server (server/app.ts):
 * a RouterContextProvider with the database and the request's facts, and the
 * body read once by the pipeline (server/request-body.ts), 16 KB limit included.
 */
export async function routeArgs(request: Request, { db, clientIp = "203.0.113.9" }: { db: Database; clientIp?: string }) {
  const context = new RouterContextProvider();
  context.set(databaseContext, db);
  context.set(requestContext, { requestId: "test", clientIp, cspNonce: "" });
  context.set(requestBodyContext, await readRequestBody(request));
  return { request, context, params: {} };
}

/**
 * The booking form's plain POST (/termin-anfragen, without JavaScript): a valid request's fields with
 * `fields` over them, as the route's action answers it (a redirect, or `data` with the form again).
 */
export async function postBookingForm(db: Database, fields: Record<string, string>) {
  const { action } = await import("~/routes/booking");
  const origin = "http://127.0.0.1:3000";
  const body = new URLSearchParams({
    "booking-name": "Erika Musterfrau",
    "booking-email": "erika@example.at",
    "booking-phone": "0660 1234567",
    "booking-message": "",
    "booking-website": "",
    ...fields,
  });
  const request = new Request(`${origin}/termin-anfragen`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body,
  });
  return action((await routeArgs(request, { db })) as never);
}
