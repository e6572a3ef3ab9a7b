import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { failureContext, requestContext } from "~/context";
import { pageErrorPolicy } from "./error-policy.server";
import { RETRY_AFTER_SECONDS } from "./unavailable.server";

type Args = Parameters<typeof pageErrorPolicy>[0];
const REQUEST_ID = "0b5c7f3e-8d4a-4c1e-9f2b-6a7d8e9f0a1b";

/** The middleware's arguments; `failure` is what entry.server's handleError notes while `next` runs. */
function run(policy: typeof pageErrorPolicy, answer: Response, failure?: "outage" | "unexpected") {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: REQUEST_ID, clientIp: "203.0.113.1", cspNonce: "" });
  const args = { request: new Request("http://x/anything"), context, params: {} } as unknown as Args;
  return policy(args, async () => {
    if (failure) context.set(failureContext, { kind: failure });
    return answer;
  }) as Promise<Response>;
}

describe("pageErrorPolicy (every route, below the root)", () => {
  it("a database outage behind a page's 500 → 503 with Retry-After, the error page kept", async () => {
    const page = new Response("<h1>Fehler</h1>", { status: 500, headers: { "Content-Type": "text/html" } });
    const response = await run(pageErrorPolicy, page, "outage");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get("content-type")).toBe("text/html");
    expect(await response.text()).toBe("<h1>Fehler</h1>");
  });

  it("an unexpected error stays a 500, without Retry-After", async () => {
    const response = await run(pageErrorPolicy, new Response("x", { status: 500 }), "unexpected");
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("no-cache by default; a route's own Cache-Control (e.g. the guard's no-store) wins", async () => {
    expect((await run(pageErrorPolicy, new Response("ok"))).headers.get("cache-control")).toBe("no-cache");
    const own = new Response("ok", { headers: { "Cache-Control": "no-store" } });
    expect((await run(pageErrorPolicy, own)).headers.get("cache-control")).toBe("no-store");
  });
});
