import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { runServerExpectingExit } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

/** `npm run db:migrate` as a second process against `dataDir`. */
function runMigrate(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ["scripts/migrate.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

const row = {
  name: "Anna Muster",
  email: "anna@example.at",
  phone: "0664 1234567",
  date: "2026-12-01",
  time: "08:00",
  service: "Wartung",
};

describe("PGlite data-folder lock", () => {
  let tmp: string;
  let dataDir: string;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-lock-"));
    dataDir = path.join(tmp, "data");
    database = await openDatabase({ kind: "pglite", dataDir });
    await database.db.insert(appointments).values(row);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("holds a lock file with this process's PID (first line, as older versions read it) and host while open", () => {
    const [pid, ...fields] = fs.readFileSync(path.join(dataDir, "server.lock"), "utf8").split("\n");
    expect(pid).toBe(String(process.pid));
    expect(fields).toContain(`host=${os.hostname()}`);
  });

  it("a second command-line tool (npm run db:migrate) refuses with exit code 1 and a German message", async () => {
    const { code, output } = await runMigrate(dataDir);
    expect(code).toBe(1);
    expect(output).toContain(`Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet (PID ${process.pid}).`);
  });

  it("a second server (node server.js) refuses with exit code 1", async () => {
    const { code, output } = await runServerExpectingExit({
      DATA_DIR: dataDir,
      PORT: "0",
      LOG_LEVEL: "silent",
      BUILD_DIR: inject("buildDir"),
    });
    expect(code).toBe(1);
    expect(output).toContain(`Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet`);
  });

  it("the data stays intact: the first process still works, and the data survives a reopen", async () => {
    expect(await database!.db.select({ name: appointments.name }).from(appointments)).toEqual([{ name: "Anna Muster" }]);
    await database!.db.insert(appointments).values({ ...row, time: "08:30" });
    await database!.close();
    database = undefined;
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    database = await openDatabase({ kind: "pglite", dataDir });
    const times = await database.db.select({ time: appointments.time }).from(appointments).orderBy(appointments.time);
    expect(times).toEqual([{ time: "08:00" }, { time: "08:30" }]);
    await database.close();
    database = undefined;
  });

  it("a lock from another container (other host name) is refused, naming the lock file to remove by hand", async () => {
    // We cannot see the other container's processes, so not even a dead-looking PID may be taken over.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;
    const lockFile = path.join(dataDir, "server.lock");
    const lock = `${deadPid}\nhost=anderer-container\ntoken=fremd\n`;
    fs.writeFileSync(lockFile, lock);

    const { code, output } = await runMigrate(dataDir);
    expect(code).toBe(1);
    expect(output).toContain(`Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet`);
    expect(output).toContain(`löschen Sie die Sperrdatei ${lockFile} von Hand`);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(lock);
    fs.rmSync(lockFile);
  });

  it("a stale lock of a killed process is taken over", async () => {
    // A PID that surely ran and no longer runs.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(deadPid));

    const { code, output } = await runMigrate(dataDir);
    expect(output).toContain(`Migrationen auf PGlite in ${dataDir} angewendet.`);
    expect(code).toBe(0);
    // Released on exit, and the data is still there.
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    database = await openDatabase({ kind: "pglite", dataDir });
    expect(await database.db.$count(appointments)).toBe(2);
  });
});
