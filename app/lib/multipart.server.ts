/**
 * multipart/form-data (RFC 7578) read from the one buffer the pipeline holds (server/request-body.ts),
 * without copying the files: each file is a view (`subarray`) of that buffer. The platform's
 * `Response.formData()` copies a body of photos three times (the stream into one buffer, each
 * part into a File, the File into an ArrayBuffer); with 5 uploads of 5 MB at once that alone was
 * some 75 MB of the server's memory (issue 30). Only the fields are decoded, as UTF-8 text.
 */

export type MultipartPart = { name: string; filename: string | null; bytes: Uint8Array };

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const DASH = 0x2d;

/** The boundary of a multipart Content-Type (quoted or not, RFC 2046: 1 to 70 characters), or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** A parameter of a header such as `form-data; name="photos"; filename="bremse.jpg"` (quoted or a token). */
function headerParameter(header: string, parameter: string): string | null {
  const match = new RegExp(`;\\s*${parameter}\\s*=\\s*(?:"([^"]*)"|([^;\\s"]+))`, "i").exec(header);
  return match ? (match[1] ?? match[2] ?? "") : null;
}

/**
 * The parts of a multipart body in their order, or null when it is not well formed (no opening or
 * closing delimiter, a part without its blank line or without a form-data name).
 */
export function parseMultipart(body: Uint8Array, boundary: string): MultipartPart[] | null {
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const opening = Buffer.from(`--${boundary}`);
  // Every delimiter but the first follows a line break, which belongs to the delimiter, not to the part.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let position = buffer.subarray(0, opening.length).equals(opening) ? opening.length : buffer.indexOf(delimiter);
  if (position < 0) return null;
  if (position !== opening.length) position += delimiter.length;
  const parts: MultipartPart[] = [];
  for (;;) {
    if (buffer[position] === DASH && buffer[position + 1] === DASH) return parts;
    // Transport padding (spaces or tabs) may follow a delimiter before its line break.
    while (buffer[position] === 0x20 || buffer[position] === 0x09) position++;
    if (!buffer.subarray(position, position + CRLF.length).equals(CRLF)) return null;
    const headersStart = position + CRLF.length;
    const headersEnd = buffer.indexOf(HEADER_END, headersStart - CRLF.length);
    if (headersEnd < 0) return null;
    const contentStart = headersEnd + HEADER_END.length;
    const contentEnd = buffer.indexOf(delimiter, contentStart);
    if (contentEnd < 0) return null;
    const headers = buffer.toString("utf8", headersStart, Math.max(headersStart, headersEnd));
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1]?.trim() ?? "";
    const name = /^form-data\s*(;|$)/i.test(disposition) ? headerParameter(disposition, "name") : null;
    if (name === null) return null;
    parts.push({ name, filename: headerParameter(disposition, "filename"), bytes: body.subarray(contentStart, contentEnd) });
    position = contentEnd + delimiter.length;
  }
}
