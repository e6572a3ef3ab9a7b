import { createMiddleware } from "hono/factory";
import type { ServerEnv } from "./env";
import { BAD_REQUEST_MESSAGE, errorAnswer } from "./errors";

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(?:6553[0-5]|655[0-2]\d|65[0-4]\d{2}|6[0-4]\d{3}|[1-5]?\d{1,4}))?$/;
const PROTOCOL = /^https?$/i;

export const MALFORMED_HOST_MESSAGE = "Die Anfrage ist ungültig: Host-Angabe fehlerhaft.";

function listEntries(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(",") : value).split(",").map((entry) => entry.trim());
}

/**
 * The request URL is built from Host and the request target (and, behind a
 * trusted proxy, from X-Forwarded-Host and -Proto): a missing or malformed one
 * is a client error, answered 400 before anything relies on it. A URL the
 * adapter could not build at all (server/app.ts) is refused here too, and its
 * connection closed: its body, if any, is never read.
 */
export function hostCheck({ trustProxy }: { trustProxy: boolean }) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const { headers } = c.env.incoming;
    const host = headers.host;
    const forwardedHosts = trustProxy ? listEntries(headers["x-forwarded-host"]) : undefined;
    const forwardedProtocols = trustProxy ? listEntries(headers["x-forwarded-proto"]) : undefined;
    const valid =
      host !== undefined &&
      HOST.test(host) &&
      (forwardedHosts?.every((entry) => HOST.test(entry)) ?? true) &&
      (forwardedProtocols?.every((entry) => PROTOCOL.test(entry)) ?? true);
    if (valid && !c.env.unreadableUrl) return next();
    if (c.env.unreadableUrl) c.header("Connection", "close");
    return errorAnswer(c, 400, valid ? BAD_REQUEST_MESSAGE : MALFORMED_HOST_MESSAGE);
  });
}
