import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, noteDatabaseOutage, SERVICE_UNAVAILABLE_MESSAGE } from "~/lib/unavailable.server";
import { databaseOutageAs503 } from "./database-outage";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const wrapped = new Error("Failed query: select 1\nparams: ", { cause: refused });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", refused],
    ["a Drizzle error caused by one", wrapped],
    ["a terminated backend", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
    ["a lost connection", new Error("Connection terminated unexpectedly")],
    ["a connection exception class 08", Object.assign(new Error("x"), { code: "08006" })],
  ])("recognises %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a bug", new TypeError("undefined is not a function")],
    ["not an error", "ECONNREFUSED"],
  ])("does not mistake %s for an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("databaseOutageAs503", () => {
  let port: number;
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.use(databaseOutageAs503());
    // Stands in for React Router: handleError notes the error, then a generic 500 goes out.
    app.get("/:kind/:error", (req, res) => {
      const context = {};
      res.locals.loadContext = context;
      noteDatabaseOutage(context, req.params.error === "outage" ? wrapped : new Error("bug"));
      if (req.params.kind === "page") res.status(500).type("html").send("<h1>Fehler</h1>");
      else res.status(500).type("text/plain").send("Unexpected Server Error");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers an API request that hit a database outage with 503 and the German message", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/outage`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toEqual({
      error: "Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.",
    });
    expect(SERVICE_UNAVAILABLE_MESSAGE).toBe("Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.");
  });

  it("keeps a page's error screen but sends 503", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/page/outage`);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("<h1>Fehler</h1>");
  });

  it("leaves other server errors alone", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/bug`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Unexpected Server Error");
  });
});
