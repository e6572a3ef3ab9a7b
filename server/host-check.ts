import type { RequestHandler } from "express";
import { sendError } from "./errors";

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const PROTOCOL = /^https?$/i;

export const MALFORMED_HOST_MESSAGE = "Die Anfrage ist ungültig: Host-Angabe fehlerhaft.";

function listEntries(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(",") : value).split(",").map((entry) => entry.trim());
}

/**
 * The request URL is built from Host (and, behind a trusted proxy, from
 * X-Forwarded-Host and -Proto): a missing or malformed one is a client error,
 * answered 400 before anything relies on it.
 */
export function hostCheck({ trustProxy }: { trustProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host;
    const forwardedHosts = trustProxy ? listEntries(req.headers["x-forwarded-host"]) : undefined;
    const forwardedProtocols = trustProxy ? listEntries(req.headers["x-forwarded-proto"]) : undefined;
    const valid =
      host !== undefined &&
      HOST.test(host) &&
      (forwardedHosts?.every((entry) => HOST.test(entry)) ?? true) &&
      (forwardedProtocols?.every((entry) => PROTOCOL.test(entry)) ?? true);
    if (valid) return next();
    sendError(req, res, 400, MALFORMED_HOST_MESSAGE);
  };
}
