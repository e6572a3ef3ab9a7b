import { describe, expect, it } from "vitest";
import { parseFormBody } from "./http.server";
import { multipartBoundary, parseMultipart } from "./multipart.server";

/** A multipart body as the platform encodes a FormData (the browser's layout), with its Content-Type. */
async function encoded(form: FormData): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

const photoBytes = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 7) % 256);

describe("multipart bodies", () => {
  it("reads fields and files as the platform encodes them, files as views of the body (no copy)", async () => {
    const form = new FormData();
    form.append("title", "Bremsbeläge vorne – Verschleißgrenze");
    form.append("priceCents", "18000");
    form.append("photos", new Blob([photoBytes(70_000)], { type: "image/jpeg" }), "bremse.jpg");
    form.append("photos", new Blob([photoBytes(3)], { type: "image/png" }), "zwei.png");
    form.append("title", "second title is ignored");
    const { bytes, contentType } = await encoded(form);
    const result = await parseFormBody({ bytes }, contentType);
    if ("bodyError" in result) throw result.bodyError;
    expect(result.fields).toEqual({ title: "Bremsbeläge vorne – Verschleißgrenze", priceCents: "18000" });
    expect(result.files.photos).toHaveLength(2);
    expect([...result.files.photos![0]!]).toEqual([...photoBytes(70_000)]);
    expect([...result.files.photos![1]!]).toEqual([...photoBytes(3)]);
    // The upload's bytes are held once: each file shares the body's buffer.
    for (const file of result.files.photos!) expect(file.buffer).toBe(bytes.buffer);
  });

  it("keeps an empty field and a file whose content holds line breaks and dashes; an empty file input is no file", async () => {
    const boundary = "----x";
    const content = `\r\n--${boundary.slice(0, 3)}\r\n`;
    const body = new Uint8Array(
      Buffer.from(
        [
          "preamble to ignore",
          `--${boundary}`,
          'Content-Disposition: form-data; name="description"',
          "",
          "",
          `--${boundary}`,
          'Content-Disposition: form-data; name="photos"; filename="a.jpg"',
          "Content-Type: image/jpeg",
          "",
          content,
          // What a browser sends for a file input left empty.
          `--${boundary}`,
          'Content-Disposition: form-data; name="photos"; filename=""',
          "Content-Type: application/octet-stream",
          "",
          "",
          `--${boundary}--`,
          "",
        ].join("\r\n"),
      ),
    );
    const parts = parseMultipart(body, boundary)!;
    expect(parts.map(({ name, filename, bytes }) => ({ name, filename, text: Buffer.from(bytes).toString() }))).toEqual([
      { name: "description", filename: null, text: "" },
      { name: "photos", filename: "a.jpg", text: content },
      { name: "photos", filename: "", text: "" },
    ]);
    const form = await parseFormBody({ bytes: body }, `multipart/form-data; boundary=${boundary}`);
    if ("bodyError" in form) throw form.bodyError;
    expect(form.fields).toEqual({ description: "" });
    expect(form.files.photos?.map((file) => Buffer.from(file).toString())).toEqual([content]);
  });

  it("refuses a body that is cut off or has a part without a name", () => {
    const cut = Buffer.from('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nBremse');
    expect(parseMultipart(cut, "b")).toBeNull();
    const nameless = Buffer.from('--b\r\nContent-Disposition: form-data; filename="a.jpg"\r\n\r\nx\r\n--b--');
    expect(parseMultipart(nameless, "b")).toBeNull();
    expect(parseMultipart(Buffer.from("no delimiter at all"), "b")).toBeNull();
  });

  it("answers a broken multipart body with the form's 400", async () => {
    const result = await parseFormBody({ bytes: new Uint8Array(Buffer.from("--b\r\nbroken")) }, "multipart/form-data; boundary=b");
    expect(result).toEqual({ bodyError: expect.objectContaining({ status: 400, message: "Das Formular konnte nicht gelesen werden." }) });
  });

  it("finds the boundary quoted or not, only for multipart/form-data", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----WebKitFormBoundaryAbC")).toBe("----WebKitFormBoundaryAbC");
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    expect(multipartBoundary("multipart/mixed; boundary=x")).toBeNull();
    expect(multipartBoundary("multipart/form-data")).toBeNull();
  });
});
