import type { RouterContextProvider } from "react-router";
import { requestBodyContext } from "~/context";
import { multipartBoundary, parseMultipart } from "./multipart.server";

/** Request bodies larger than this are refused. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * A finding's upload (issue 30): up to 6 photos of at most 15 MB each and the fields. Only the two
 * places that take photos allow it, and only with an admin's session (server/request-body.ts).
 */
export const MAX_UPLOAD_BYTES = 6 * 15 * 1024 * 1024 + 64 * 1024;

export const REQUEST_TOO_LARGE_MESSAGE = "Die Anfrage ist zu groß.";

const UNREADABLE_FORM_MESSAGE = "Das Formular konnte nicht gelesen werden.";

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

export type FormBody = { fields: Record<string, string>; files: Record<string, Uint8Array[]> };

/**
 * A form post (urlencoded or multipart) of the body's bytes as plain fields (the first of repeated
 * keys) and its files by field (a file input left empty is none), or the RequestBodyError
 * (German 4xx) of a bad body. The JSON API's multipart endpoints and the pages read it alike. The
 * files are views of the body's bytes, not copies (photos: issue 30's memory budget).
 */
export async function parseFormBody(
  body: RequestBody,
  contentType: string | null | undefined,
): Promise<FormBody | { bodyError: RequestBodyError }> {
  if ("error" in body) return { bodyError: body.error };
  const boundary = multipartBoundary(contentType ?? "");
  if (boundary) return multipartForm(body.bytes, boundary);
  let form: FormData;
  try {
    form = await new Response(body.bytes, contentType ? { headers: { "Content-Type": contentType } } : {}).formData();
  } catch {
    return { bodyError: new RequestBodyError(400, UNREADABLE_FORM_MESSAGE) };
  }
  // Not multipart (urlencoded): fields only.
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && !(key in fields)) fields[key] = value;
  return { fields, files: {} };
}

/** A multipart body's fields and files, the files as views of the body's bytes (app/lib/multipart.server.ts). */
function multipartForm(bytes: Uint8Array, boundary: string): FormBody | { bodyError: RequestBodyError } {
  const parts = parseMultipart(bytes, boundary);
  if (!parts) return { bodyError: new RequestBodyError(400, UNREADABLE_FORM_MESSAGE) };
  const fields: Record<string, string> = {};
  const files: Record<string, Uint8Array[]> = {};
  for (const { name, filename, bytes: content } of parts) {
    if (filename === null) {
      if (!(name in fields)) fields[name] = new TextDecoder().decode(content);
    } else if (content.byteLength > 0 || filename) {
      (files[name] ??= []).push(content);
    }
  }
  return { fields, files };
}

/**
 * An HTML form post (urlencoded or multipart) as plain fields (files and
 * repeated keys are ignored), or the RequestBodyError (German 4xx) of a bad body.
 */
export async function readFormFields({
  request,
  context,
}: BodyArgs): Promise<{ fields: Record<string, string> } | { bodyError: RequestBodyError }> {
  const form = await readForm({ request, context });
  return "bodyError" in form ? form : { fields: form.fields };
}

/** A page's form post with its files (multipart), as parseFormBody reads it. */
export function readForm({ request, context }: BodyArgs): Promise<FormBody | { bodyError: RequestBodyError }> {
  return parseFormBody(context.get(requestBodyContext), request.headers.get("content-type"));
}
