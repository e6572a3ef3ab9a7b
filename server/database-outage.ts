import type { RequestHandler, Response } from "express";
import { hadDatabaseOutage, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "~/lib/unavailable.server";

/**
 * Turns React Router's generic 500 for an error thrown by a loader or action
 * into a 503 when that error was a database outage (entry.server's handleError
 * notes it on the request context): API clients get the German JSON message,
 * pages keep their rendered error screen with the right status. Decided at
 * the first byte, before anything reaches the client.
 */
export function databaseOutageAs503(): RequestHandler {
  return (_req, res, next) => {
    const write = res.write;
    const end = res.end;
    let decided = false;
    let replaceBody = false;
    const decide = () => {
      if (decided) return;
      decided = true;
      const context = res.locals.loadContext as object | undefined;
      if (res.statusCode !== 500 || res.headersSent || !context || !hadDatabaseOutage(context)) return;
      res.statusCode = 503;
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      if (!String(res.getHeader("Content-Type") ?? "").includes("text/html")) {
        replaceBody = true;
        res.removeHeader("Content-Length");
        res.setHeader("Content-Type", "application/json; charset=utf-8");
      }
    };
    res.write = function (this: Response, ...args: Parameters<Response["write"]>) {
      decide();
      if (replaceBody) return true;
      return write.apply(this, args);
    } as Response["write"];
    res.end = function (this: Response, ...args: unknown[]) {
      decide();
      if (replaceBody) {
        return (end as (chunk: string) => Response).call(this, JSON.stringify({ error: SERVICE_UNAVAILABLE_MESSAGE }));
      }
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as Response["end"];
    next();
  };
}
