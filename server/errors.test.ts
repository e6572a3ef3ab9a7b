import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/logger.server";
import { ServerBusyError } from "~/lib/unavailable.server";
import type { ServerEnv } from "./env";
import { BAD_REQUEST_MESSAGE, errorHandler, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE, UNEXPECTED_FAILURE_MESSAGE } from "./errors";
import { requestLog } from "./request-log";

/** The error policy of what the server answers itself (the JSON API above all), behind the request id of requestLog, over real HTTP. */
describe("errorHandler", () => {
  let server: http.Server;
  let origin = "";
  const outage = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  const secret = "kunde@example.at";

  beforeAll(async () => {
    const app = new Hono<ServerEnv>().use(requestLog);
    for (const prefix of ["/api/v1", "/API/v1", ""]) {
      app.get(`${prefix}/outage`, () => Promise.reject(new Error("wrapped", { cause: outage() })));
      app.get(`${prefix}/busy`, () => Promise.reject(new ServerBusyError("32 password hashes are waiting")));
      app.get(`${prefix}/bug`, () => {
        throw new TypeError(`cannot read ${secret}`);
      });
      // A library's refusal of the client's request, as raw-body or a decoder throws it.
      app.get(`${prefix}/refused`, () => {
        throw Object.assign(new Error(`bad escape in ${secret}`), { status: 400, expose: true });
      });
      // A download begun, then a failure: the error must not arrive as the file.
      app.get(`${prefix}/export.csv`, (c) => {
        c.header("Content-Disposition", 'attachment; filename="termine.csv"');
        c.header("Content-Type", "text/csv; charset=utf-8");
        throw new Error("the export failed");
      });
    }
    app.onError(errorHandler);
    server = http.createServer(getRequestListener(app.fetch)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  async function get(path: string) {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const response = await fetch(`${origin}${path}`);
      const requestId = response.headers.get("x-request-id");
      expect(requestId, "every answer carries its request id").toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("cache-control"), "an error is never kept").toBe("no-store");
      return { response, requestId, text: await response.text(), errors: errors.mock.calls };
    } finally {
      errors.mockRestore();
    }
  }

  it("a database outage in the API → 503, Retry-After, German JSON with the request id; logged once", async () => {
    const { response, requestId, text, errors } = await get("/api/v1/outage");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE, requestId });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toEqual([expect.objectContaining({ requestId, path: "/api/v1/outage" }), "database unavailable"]);
  });

  it("a busy server in the API (the line of password hashes full) → 503, Retry-After, German JSON; a warning, not an error", async () => {
    const warnings = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { response, requestId, text, errors } = await get("/api/v1/busy");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(JSON.parse(text)).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE, requestId });
    expect(errors).toHaveLength(0);
    expect(warnings.mock.calls).toEqual([[{ requestId, path: "/api/v1/busy", reason: "32 password hashes are waiting" }, "server busy"]]);
  });

  it("anything unexpected in the API → German 500 JSON with the request id, no stack, no English; logged once", async () => {
    const { response, requestId, text, errors } = await get("/api/v1/bug");
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(JSON.parse(text)).toEqual({ error: UNEXPECTED_FAILURE_MESSAGE, requestId });
    expect(text).not.toMatch(/TypeError|at |kunde@/);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toEqual([expect.objectContaining({ requestId, err: expect.any(TypeError) }), "unhandled error"]);
  });

  it("the API's namespace however it is spelled: JSON", async () => {
    const { response, requestId, text, errors } = await get("/API/v1/bug");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ error: UNEXPECTED_FAILURE_MESSAGE, requestId });
    expect(errors).toHaveLength(1);
  });

  it.each([
    ["/api/v1/refused", /^application\/json/],
    ["/refused", /^text\/html/],
  ])(
    "a library's 4xx refusal (%s) → German 400 with the request id, nothing of the error shown, not logged as a failure",
    async (path, type) => {
      const { response, requestId, text, errors } = await get(path);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(type);
      expect(text).toContain(BAD_REQUEST_MESSAGE);
      expect(text).toContain(String(requestId));
      expect(text).not.toMatch(/bad escape|kunde@/);
      expect(errors).toHaveLength(0);
    },
  );

  it.each([
    ["/outage", 503, SERVICE_UNAVAILABLE_MESSAGE, String(RETRY_AFTER_SECONDS)],
    ["/bug", 500, UNEXPECTED_FAILURE_MESSAGE, null],
  ])("outside the API (%s) the same answer as a small German page; logged once", async (path, status, message, retryAfter) => {
    const { response, requestId, text, errors } = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("retry-after")).toBe(retryAfter);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(text).toContain('<html lang="de">');
    expect(text).toContain(message);
    expect(text).toContain(String(requestId));
    expect(text).not.toMatch(/TypeError|ECONNREFUSED|kunde@/);
    expect(errors).toHaveLength(1);
    expect(errors[0]![0]).toMatchObject({ requestId });
  });

  it.each([
    ["/api/v1/export.csv", /^application\/json/],
    ["/export.csv", /^text\/html/],
  ])("a download that failed (%s) is no download: no Content-Disposition, the error's own type", async (path, type) => {
    const { response, requestId, text, errors } = await get(path);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(response.headers.get("content-type")).toMatch(type);
    expect(text).toContain(UNEXPECTED_FAILURE_MESSAGE);
    expect(text).toContain(String(requestId));
    expect(errors).toHaveLength(1);
  });
});
