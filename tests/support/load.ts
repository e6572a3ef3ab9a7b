import fs from "node:fs";
import autocannon from "autocannon";
import { bookableServices } from "~/config/site";
import { type DatabaseOptions, openDatabase } from "~/db/client.server";
import { resources } from "~/db/schema";

export type LoadSummary = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  status5xx: number;
  statusCodes: Record<string, number>;
};

/** One autocannon run (autocannon's own HTTP client, keep-alive connections). */
export async function runLoad(options: autocannon.Options): Promise<LoadSummary> {
  const result = await autocannon({ ...options });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]));
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status5xx: result["5xx"],
    statusCodes,
  };
}

/** Resident memory of a process (Linux). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kilobytes * 1024;
}

/**
 * A booking POST for autocannon: every request a new customer (the per-address
 * limit never triggers) on one of the given slots; run the server on a large workshop
 * (enterLargeWorkshop) with BOOKING_RATE_LIMIT=0 so each one is stored (201).
 */
export function bookingRequest(origin: string, slots: { date: string; time: string }[]): autocannon.Request {
  let sequence = 0;
  return {
    method: "POST",
    path: "/api/v1/appointments",
    headers: { "content-type": "application/json", origin },
    setupRequest(request) {
      const n = sequence++;
      const slot = slots[n % slots.length]!;
      return {
        ...request,
        body: JSON.stringify({
          name: "Last Test",
          email: `last-${process.pid}-${n}@example.at`,
          phone: "0664 1234567",
          service: bookableServices[n % bookableServices.length],
          date: slot.date,
          time: slot.time,
          message: "Lasttest",
        }),
      };
    },
  };
}

export function formatRow(cells: (string | number)[], widths: number[]): string {
  return `| ${cells.map((cell, index) => String(cell).padEnd(widths[index] ?? 0)).join(" | ")} |`;
}

/**
 * A workshop far larger than a real one, entered before the server's first start (which then enters
 * none of its own): the load and crash tests book hundreds of cars into a few slots, as SLOT_CAPACITY
 * 1000000 let them before the resources (issue 27). `count` lifts and as many mechanics and inspection places.
 */
export async function enterLargeWorkshop(options: DatabaseOptions, count = 200): Promise<void> {
  const database = await openDatabase(options);
  try {
    const kinds = ["lift", "inspection", "mechanic"] as const;
    await database.db
      .insert(resources)
      .values(kinds.flatMap((kind) => Array.from({ length: count }, (_, index) => ({ kind, name: `${kind} ${index + 1}` }))));
  } finally {
    await database.close();
  }
}
