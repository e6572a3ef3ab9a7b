import type { RouterContextProvider } from "react-router";
import { requestBodyContext } from "~/context";

/** Request bodies larger than this are refused. */
export const MAX_BODY_BYTES = 16 * 1024;

export const REQUEST_TOO_LARGE_MESSAGE = "Die Anfrage ist zu groß.";

/** A request body refused with a German 4xx: read by the server (server/request-body.ts), answered by each route in its form. */
export class RequestBodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A request's body as the server read it (server/request-body.ts): its bytes, or why it was refused. */
export type RequestBody = { bytes: Uint8Array<ArrayBuffer> } | { error: RequestBodyError };

type BodyArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * An HTML form post (urlencoded or multipart) as plain fields (files and
 * repeated keys are ignored), or the RequestBodyError (German 4xx) of a bad body.
 */
export async function readFormFields({
  request,
  context,
}: BodyArgs): Promise<{ fields: Record<string, string> } | { bodyError: RequestBodyError }> {
  const body = context.get(requestBodyContext);
  if ("error" in body) return { bodyError: body.error };
  const contentType = request.headers.get("content-type");
  let form: FormData;
  try {
    form = await new Response(body.bytes, contentType ? { headers: { "Content-Type": contentType } } : {}).formData();
  } catch {
    return { bodyError: new RequestBodyError(400, "Das Formular konnte nicht gelesen werden.") };
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return { fields };
}
