import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UNEXPECTED_FAILURE_MESSAGE } from "~/lib/error-policy.server";
import { logger } from "~/lib/logger.server";
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "~/lib/unavailable.server";
import { errorHandler } from "./errors";
import { requestLog } from "./request-log";

/** The error policy of what Express answers itself (the JSON API above all), behind the request id of requestLog. */
describe("errorHandler", () => {
  let server: http.Server;
  let origin = "";
  const outage = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  const secret = "kunde@example.at";

  beforeAll(async () => {
    const app = express()
      .use(requestLog)
      .get(["/api/v1/outage", "/outage"], () => Promise.reject(new Error("wrapped", { cause: outage() })))
      .get(["/api/v1/bug", "/bug"], () => {
        throw new TypeError(`cannot read ${secret}`);
      })
      .use(errorHandler);
    server = http.createServer(app).listen(0, "127.0.0.1");
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
      return { response, text: await response.text(), errors: errors.mock.calls };
    } finally {
      errors.mockRestore();
    }
  }

  it("a database outage in the API → 503, Retry-After, German JSON with the request id; logged once", async () => {
    const { response, text, errors } = await get("/api/v1/outage");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    const requestId = response.headers.get("x-request-id");
    expect(JSON.parse(text)).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE, requestId });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toEqual([expect.objectContaining({ requestId }), "database unavailable"]);
  });

  it("anything unexpected in the API → German 500 JSON with the request id, no stack, no English; logged once", async () => {
    const { response, text, errors } = await get("/api/v1/bug");
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(JSON.parse(text)).toEqual({ error: UNEXPECTED_FAILURE_MESSAGE, requestId: response.headers.get("x-request-id") });
    expect(text).not.toMatch(/TypeError|at |kunde@/);
    expect(errors).toHaveLength(1);
    expect(errors[0]![1]).toBe("unhandled error");
  });

  it.each([
    ["/outage", 503, SERVICE_UNAVAILABLE_MESSAGE],
    ["/bug", 500, UNEXPECTED_FAILURE_MESSAGE],
  ])("outside the API (%s) the same answer as a small German page", async (path, status, message) => {
    const { response, text } = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(text).toContain('<html lang="de">');
    expect(text).toContain(message);
    expect(text).toContain(String(response.headers.get("x-request-id")));
  });
});
