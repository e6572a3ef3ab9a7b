import { describe, expect, it } from "vitest";
import { pageErrorPolicy, RETRY_AFTER_SECONDS } from "./errors";

/** The pages' answers as React Router gives them to the pipeline (server/app.ts), with the failure entry.server's handleError noted. */
describe("pageErrorPolicy (every page's answer)", () => {
  it("a database outage behind a page's 500 → 503 with Retry-After, the error page kept", async () => {
    const page = new Response("<h1>Fehler</h1>", { status: 500, headers: { "Content-Type": "text/html" } });
    const response = pageErrorPolicy(page, { kind: "outage" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get("content-type")).toBe("text/html");
    expect(await response.text()).toBe("<h1>Fehler</h1>");
  });

  it("a busy server (the line of password hashes full) behind a page's 500 → 503 with Retry-After", () => {
    const response = pageErrorPolicy(new Response("<h1>Fehler</h1>", { status: 500 }), { kind: "busy" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
  });

  it("an unexpected error stays a 500, without Retry-After", () => {
    const response = pageErrorPolicy(new Response("x", { status: 500 }), { kind: "unexpected" });
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("no-cache by default; a route's own Cache-Control (e.g. the guard's no-store) wins", () => {
    expect(pageErrorPolicy(new Response("ok"), null).headers.get("cache-control")).toBe("no-cache");
    const own = new Response("ok", { headers: { "Cache-Control": "no-store" } });
    expect(pageErrorPolicy(own, null).headers.get("cache-control")).toBe("no-store");
  });
});
