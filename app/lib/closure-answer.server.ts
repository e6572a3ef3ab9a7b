import type { ClosureResult } from "~/services/closures.server";
import { closureMessages } from "~/messages";
import { type ApiContext, jsonError } from "./json-api.server";

type ClosureErrorCode = Extract<ClosureResult<unknown>, { ok: false }>["code"];

/** The JSON answer to a refused closure request (docs/api.md). */
export function closureRefusal(c: ApiContext, code: ClosureErrorCode): Response {
  return jsonError(c, code === "ownerOnly" ? 403 : 404, closureMessages[code]);
}
