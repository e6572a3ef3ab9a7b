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
