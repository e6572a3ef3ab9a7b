import type { ClosureResult } from "~/services/closures.server";
import { closureMessages } from "~/messages";
import { jsonError } from "./http.server";

type ClosureErrorCode = Extract<ClosureResult<unknown>, { ok: false }>["code"];

/** The JSON answer to a refused closure request (docs/api.md). */
export function closureRefusal(code: ClosureErrorCode): Response {
  return jsonError(code === "ownerOnly" ? 403 : 404, closureMessages[code]);
}
