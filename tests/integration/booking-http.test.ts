import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedParts } from "~/domain/calendar-date";
import { buildForTests, type ServerProcess, startServer } from "../support/server-process";

/**
 * The booking rate limit over real HTTP: the client IP is the socket address,
 * and X-Forwarded-For counts only when TRUST_PROXY is set.
 */
let build: ReturnType<typeof buildForTests>;
beforeAll(() => {
  build = buildForTests();
}, 120_000);
afterAll(() => {
  build?.remove();
});

describe.each([
  { trustProxy: "true", forwardedCounts: true },
  { trustProxy: "false", forwardedCounts: false },
])("booking rate limit with TRUST_PROXY=$trustProxy", ({ trustProxy, forwardedCounts }) => {
  let server: ServerProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-booking-http-"));

  beforeAll(async () => {
    server = await startServer({
      BUILD_DIR: build.buildDir,
      DATA_DIR: path.join(dataDir, "data"),
      BOOKING_RATE_LIMIT: "1",
      TRUST_PROXY: trustProxy,
      LOG_LEVEL: "warn",
      EMAIL_WORKER: "false",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function freeSlots(count: number): Promise<Array<{ date: string; time: string }>> {
    const today = zonedParts(new Date(), "Europe/Vienna").date;
    const response = await fetch(`${server.origin}/api/v1/availability?from=${addDays(today, 1)}&to=${addDays(today, 30)}`);
    const { days } = (await response.json()) as { days: Array<{ date: string; available: boolean }> };
    const date = days.find((day) => day.available)!.date;
    const slots = await (await fetch(`${server.origin}/api/v1/slots?date=${date}`)).json();
    return (slots.slots as Array<{ time: string; available: boolean }>)
      .filter((slot) => slot.available)
      .slice(0, count)
      .map((slot) => ({ date, time: slot.time }));
  }

  function book(slot: { date: string; time: string }, forwardedFor: string, email: string) {
    return fetch(`${server.origin}/api/v1/appointments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin, "X-Forwarded-For": forwardedFor },
      body: JSON.stringify({ name: "Anna Muster", email, phone: "0664 1234567", service: "Wartung", ...slot }),
    });
  }

  it(`a second booking from another X-Forwarded-For address is ${forwardedCounts ? "allowed" : "limited"}`, async () => {
    const [first, second, third] = await freeSlots(3);
    expect((await book(first!, "198.51.100.1", "a@example.at")).status).toBe(201);
    const other = await book(second!, "198.51.100.2", "b@example.at");
    expect(other.status).toBe(forwardedCounts ? 201 : 429);
    // The same address again is limited either way.
    expect((await book(third!, "198.51.100.1", "c@example.at")).status).toBe(429);
  });

  it("without an Origin header a booking is refused (403)", async () => {
    const response = await fetch(`${server.origin}/api/v1/appointments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });
});
