import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createMiddleware } from "hono/factory";
import { logger } from "~/lib/logger.server";
import type { ServerEnv } from "./env";

/**
 * Every response carries a fresh id (X-Request-Id, `requestId` in the request's
 * variables) and gets one log line when it is finished: method, path without the
 * query (it may hold a token; the logger masks a secret link's token in the path),
 * status, time and the account's id when a guard knew it (so a refusal says who asked). Never a
 * header, a body or an address. The id is set on the Node response, so
 * that every answer carries it, a file sent by server/static-files.ts included.
 */
/** The request's path as logged: without the query, which may hold a token. */
export function loggedPath(request: IncomingMessage): string {
  return (request.url ?? "").split("?")[0] ?? "";
}

export const requestLog = createMiddleware<ServerEnv>(async (c, next) => {
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  const { incoming, outgoing } = c.env;
  outgoing.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  outgoing.once("finish", () => {
    logger.info(
      {
        requestId,
        method: incoming.method,
        path: loggedPath(incoming),
        status: outgoing.statusCode,
        accountId: c.get("accountId"),
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      },
      "request",
    );
  });
  await next();
});
