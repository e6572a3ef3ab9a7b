import { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestBodyContext } from "~/context";
import { MAX_BODY_BYTES, readFormFields, RequestBodyError } from "~/lib/http.server";
import type { ServerEnv } from "./env";
import { readLimitedBytes, readRequestBody, requestBody } from "./request-body";

const URLENCODED = "application/x-www-form-urlencoded";

/**
 * A chunked body: a stream without Content-Length that hands out `text` in
 * 1 KB chunks and counts how much of it was read.
 */
function streamedRequest(text: string, contentType: string) {
  const bytes = new TextEncoder().encode(text);
  const read = { bytes: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= bytes.length) return controller.close();
      const chunk = bytes.subarray(read.bytes, read.bytes + 1024);
      read.bytes += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      read.cancelled = true;
    },
  });
  const request = new Request("http://localhost/termin-anfragen", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
  expect(request.headers.get("content-length")).toBeNull();
  return { request, read };
}

/** A multipart body as a browser sends it, with its boundary. */
async function multipart(fields: Record<string, string>): Promise<{ text: string; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return { text: await encoded.text(), contentType: encoded.headers.get("content-type")! };
}

/**
 * The pipeline's step reads the body; then a page's route, answering `routeAnswer`, gets it in
 * its context as server/app.ts hands it over.
 */
async function throughBodyMiddleware(request: Request, routeAnswer = () => new Response("route")) {
  const context = new RouterContextProvider();
  const app = new Hono<ServerEnv>();
  app.use(requestBody);
  app.all("*", (c) => {
    const body = c.get("body");
    if (body) context.set(requestBodyContext, body);
    return routeAnswer();
  });
  const response = await app.request(request);
  return { context, response };
}

/** A form post as a route reads it: through the pipeline's step, then readFormFields. */
async function readFormData(request: Request): Promise<Map<string, string>> {
  const { context } = await throughBodyMiddleware(request);
  const result = await readFormFields({ request, context });
  if ("bodyError" in result) throw result.bodyError;
  return new Map(Object.entries(result.fields));
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestBodyError);
  return { status: (error as RequestBodyError).status, message: (error as RequestBodyError).message };
}

const tooLarge = { status: 413, message: "Die Anfrage ist zu groß." };

describe("readFormData: the 16 KB limit without Content-Length", () => {
  it.each([
    ["urlencoded, 1 MB", async () => ({ text: `booking-name=${"x".repeat(1024 * 1024)}`, contentType: URLENCODED })],
    ["urlencoded, one byte over the limit", async () => ({ text: `a=${"x".repeat(MAX_BODY_BYTES - 1)}`, contentType: URLENCODED })],
    ["multipart, 1 MB", () => multipart({ "booking-name": "x".repeat(1024 * 1024) })],
  ])("%s → 413, and the rest of the body is not read", async (_label, body) => {
    const { text, contentType } = await body();
    const { request, read } = streamedRequest(text, contentType);
    expect(await refusal(readFormData(request))).toEqual(tooLarge);
    expect(read.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + 2048);
    // Not cancelled either: that would destroy the connection before the 413 is sent (the answer closes it instead).
    expect(read.cancelled).toBe(false);
  });

  it.each([
    ["urlencoded", async () => ({ text: "booking-name=Anna+M%C3%BCller&booking-message=Zeile+1%0D%0AZeile+2", contentType: URLENCODED })],
    ["multipart", () => multipart({ "booking-name": "Anna Müller", "booking-message": "Zeile 1\r\nZeile 2" })],
  ])("a small %s body still parses", async (_label, body) => {
    const { text, contentType } = await body();
    const form = await readFormData(streamedRequest(text, contentType).request);
    expect(form.get("booking-name")).toBe("Anna Müller");
    expect(form.get("booking-message")).toBe("Zeile 1\r\nZeile 2");
  });

  it("exactly 16 KB is still read", async () => {
    const text = `a=${"x".repeat(MAX_BODY_BYTES - 2)}`;
    const form = await readFormData(streamedRequest(text, URLENCODED).request);
    expect(form.get("a")).toHaveLength(MAX_BODY_BYTES - 2);
  });
});

describe("readFormData: other bodies", () => {
  it("a declared Content-Length over 16 KB → 413 before reading", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": URLENCODED, "Content-Length": String(MAX_BODY_BYTES + 1) },
      body: "a=b",
    });
    expect(await refusal(readFormData(request))).toEqual(tooLarge);
  });

  it.each([
    ["no Content-Type", null],
    ["JSON", "application/json"],
    ["multipart without a boundary", "multipart/form-data"],
  ])("%s → 400 with a German message", async (_label, contentType) => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: contentType ? { "Content-Type": contentType } : {},
      body: new TextEncoder().encode('{"a":"b"}'),
    });
    expect(await refusal(readFormData(request))).toEqual({ status: 400, message: "Das Formular konnte nicht gelesen werden." });
  });

  it("an empty body is an empty form", async () => {
    const request = new Request("http://localhost/", { method: "POST", headers: { "Content-Type": URLENCODED } });
    expect([...(await readFormData(request)).keys()]).toEqual([]);
  });
});

describe("readLimitedBytes", () => {
  it("a chunked body over 16 KB → 413 after at most 16 KB and one chunk", async () => {
    const { request, read } = streamedRequest("x".repeat(MAX_BODY_BYTES * 4), URLENCODED);
    expect(await refusal(readLimitedBytes(request))).toEqual(tooLarge);
    expect(read.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + 2048);
  });

  it("a declared Content-Length over 16 KB → 413 without reading", async () => {
    const { request } = streamedRequest("a=b", URLENCODED);
    const declared = new Request(request, { headers: { "Content-Length": String(MAX_BODY_BYTES + 1) } });
    expect(await refusal(readLimitedBytes(declared))).toEqual(tooLarge);
    expect(declared.bodyUsed).toBe(false);
  });
});

describe("the pipeline's body step (requestBody)", () => {
  it("on an oversized body the route still answers (with its own 413), and the connection is closed", async () => {
    const { request } = streamedRequest("x".repeat(MAX_BODY_BYTES + 10), URLENCODED);
    const { response } = await throughBodyMiddleware(request, () => new Response("eigene 413", { status: 413 }));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("eigene 413");
    expect(response.headers.get("connection")).toBe("close");
    // And the route reading it gets the refusal.
    const again = streamedRequest("x".repeat(MAX_BODY_BYTES + 10), URLENCODED).request;
    const { context } = await throughBodyMiddleware(again);
    const routeSaw = await readFormFields({ request: again, context });
    expect(routeSaw).toEqual({ bodyError: expect.objectContaining({ status: 413, message: "Die Anfrage ist zu groß." }) });
  });

  it("a body within the limit: no Connection header, the route reads it", async () => {
    const { request } = streamedRequest("a=b", URLENCODED);
    const { response, context } = await throughBodyMiddleware(request);
    expect(response.headers.get("connection")).toBeNull();
    expect(await readFormFields({ request, context })).toEqual({ fields: { a: "b" } });
  });

  it("does not read the body of an OPTIONS request, however large", async () => {
    const request = new Request("http://localhost/", { method: "OPTIONS", body: "x".repeat(MAX_BODY_BYTES * 2) });
    const { context, response } = await throughBodyMiddleware(request);
    expect(response.headers.get("connection")).toBeNull();
    expect(request.bodyUsed).toBe(false);
    expect(context.get(requestBodyContext)).toEqual({ bytes: new Uint8Array(0) });
  });
});

describe("readRequestBody", () => {
  it("a body the client broke off → the German 400 of an unreadable request, never a 500", async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("aborted"));
      },
    });
    const request = new Request("http://localhost/api/v1/contact", { method: "POST", body, duplex: "half" } as RequestInit);
    const read = await readRequestBody(request);
    expect("error" in read && { status: read.error.status, message: read.error.message }).toEqual({
      status: 400,
      message: "Die Anfrage konnte nicht gelesen werden.",
    });
  });
});
