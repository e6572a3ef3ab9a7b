import type { ClosureResult } from "~/services/closures.server";
import { closureMessages } from "~/messages";
import type { Response } from "express";
import { sendJsonError } from "./json-api.server";

type ClosureErrorCode = Extract<ClosureResult<unknown>, { ok: false }>["code"];

/** The JSON answer to a refused closure request (docs/api.md). */
export function closureRefusal(res: Response, code: ClosureErrorCode): void {
  return sendJsonError(res, code === "ownerOnly" ? 403 : 404, closureMessages[code]);
}
