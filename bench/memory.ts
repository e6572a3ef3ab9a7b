/**
 * The server's memory, read from outside the process (/proc/<pid>/status and /proc/<pid>/smaps,
 * Linux): its RSS, and what the RSS is made of. `npm run bench` runs this file: the production
 * server idle on a new database, PGlite and (BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL;
 * bench/booking.ts adds the RSS under its booking load.
 *
 *   npm run build && tsx bench/memory.ts       (BENCH_IDLE_SECONDS: how long it idles first, default 10)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startServer } from "../tests/support/server-process";
import { withScratchDatabase } from "./scratch-postgres";

const MB = 1024 * 1024;
const buildDir = process.env.BUILD_DIR ?? "build";

/** RSS and its peak (VmHWM) in bytes, from /proc/<pid>/status. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kilobytes("VmRSS"), peak: kilobytes("VmHWM") };
}

/**
 * What the RSS is made of, from the mappings in /proc/<pid>/smaps: anonymous memory (PGlite's
 * WebAssembly memory, its compiled code, the V8 heap, malloc) and files mapped (the node binary,
 * libraries). Which anonymous mapping is the WebAssembly memory cannot be told from outside; the
 * comparison with PostgreSQL (no WebAssembly) says how much is PGlite's.
 */
export function memoryBreakdown(pid: number): { anonymous: number; files: number } {
  const result = { anonymous: 0, files: 0 };
  let file = false;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      file = header[1]!.trim().startsWith("/");
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) result[file ? "files" : "anonymous"] += Number(rss[1]) * 1024;
  }
  return result;
}

/** Samples the RSS every 100 ms until stopped; returns the highest sample. */
export function sampleRss(pid: number): { stop(): number } {
  let highest = rssOf(pid).rss;
  const timer = setInterval(() => {
    try {
      highest = Math.max(highest, rssOf(pid).rss);
    } catch {
      // The process is gone.
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return highest;
    },
  };
}

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}

async function idleMemory(database: string, env: Record<string, string>, idleSeconds: number) {
  // The first start creates and migrates the database (PGlite: its cluster, whose initdb memory stays in that
  // process): a running server is a restarted one, so the figure is of the second start.
  const first = await startServer({ ...env, BUILD_DIR: buildDir, LOG_LEVEL: "warn", EMAIL_WORKER: "false" });
  const firstStart = rssOf(first.child.pid!).rss;
  await first.stop();
  const server = await startServer({ ...env, BUILD_DIR: buildDir, LOG_LEVEL: "warn", EMAIL_WORKER: "false" });
  try {
    const pid = server.child.pid!;
    // One request of each kind the idle server serves (home, slots), then nothing.
    await fetch(`${server.origin}/`);
    await fetch(`${server.origin}/api/v1/slots`);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const { rss, peak } = rssOf(pid);
    const parts = memoryBreakdown(pid);
    return {
      Datenbank: database,
      "RSS idle": megabytes(rss),
      "erster Start": megabytes(firstStart),
      "Spitze (VmHWM)": megabytes(peak),
      "anonym (WASM, V8-Heap, malloc)": megabytes(parts.anonymous),
      "Dateien (node, Bibliotheken)": megabytes(parts.files),
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    console.error(`No production build in ${buildDir}/ – run "npm run build" first.`);
    process.exit(2);
  }
  const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-bench-memory-"));
  const rows = [];
  try {
    rows.push(await idleMemory("PGlite (neue Datenbank)", { DATA_DIR: path.join(tmp, "data") }, idleSeconds));
    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const env = (url: string) => ({ DATABASE_URL: url, DATA_DIR: path.join(tmp, "unused") });
      rows.push(await withScratchDatabase(adminUrl, "hc_bench_memory", (url) => idleMemory("PostgreSQL", env(url), idleSeconds)));
    } else {
      console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.");
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(
    `\nSpeicher des Servers (node server.js, ${buildDir}/), ${idleSeconds} s nach dem Start und zwei Anfragen, von außen gelesen:`,
  );
  console.table(rows);
  console.log("Ziel: PGlite ≤ 400 MB RSS im Leerlauf (issue 29).");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
