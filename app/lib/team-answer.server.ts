import type { TeamErrorCode } from "~/domain/error-codes";
import { teamMessages } from "~/messages";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ApiContext, jsonError } from "./json-api.server";

const statusOf: Record<TeamErrorCode, ContentfulStatusCode> = {
  ownerOnly: 403,
  invalidEmail: 400,
  invalidName: 400,
  tooShort: 400,
  tooLong: 400,
  common: 400,
  invitationInvalid: 400,
  notFound: 404,
  exists: 409,
  lastOwner: 409,
};

/** The JSON answer to a refused change of the team (docs/api.md). */
export function teamRefusal(c: ApiContext, code: TeamErrorCode): Response {
  return jsonError(c, statusOf[code], teamMessages[code]);
}
