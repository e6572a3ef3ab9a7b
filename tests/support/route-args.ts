import { RouterContextProvider } from "react-router";
import { databaseContext, requestContext } from "~/context";
import type { Database } from "~/db/client.server";
import { requestBodyMiddleware } from "~/lib/http.server";

/**
 * What React Router hands a loader or action in the server (server/app.ts):
 * a RouterContextProvider with the database and the request's facts, and the
 * body read once by the root middleware (app/root.tsx), 16 KB limit included.
 */
export async function routeArgs(request: Request, { db, clientIp = "203.0.113.9" }: { db: Database; clientIp?: string }) {
  const context = new RouterContextProvider();
  context.set(databaseContext, db);
  context.set(requestContext, { requestId: "test", clientIp, cspNonce: "" });
  await requestBodyMiddleware(
    { request, context, params: {} } as unknown as Parameters<typeof requestBodyMiddleware>[0],
    async () => new Response(null),
  );
  return { request, context, params: {} };
}
