import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const linux = fs.existsSync("/proc/self/stat") && fs.existsSync("/proc/sys/kernel/random/boot_id");
const bootId = () => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
const startTime = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};
/** A lock file in the current format, as another process would write it. */
const lockText = (fields: { pid: number; host?: string; boot?: string; start?: string }) =>
  `${fields.pid}\n` +
  Object.entries({ host: fields.host, boot: fields.boot, start: fields.start, token: "fremd" })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}\n`)
    .join("");

function lockError(dataDir: string): DataDirLockedError {
  try {
    acquireDataDirLock(dataDir).release();
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
  throw new Error("the lock was acquired");
}

describe("acquireDataDirLock", () => {
  let dataDir: string;
  let lockFile: string;
  let other: ChildProcess;
  const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;

  beforeAll(() => {
    // A live process that is not this one.
    other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120000)"], { stdio: "ignore" });
  });
  afterAll(() => {
    other.kill();
  });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-lock-unit-"));
    lockFile = path.join(dataDir, "server.lock");
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates a missing data folder (and its parents) for this account only, whatever the umask", () => {
    const previous = process.umask(0o000);
    try {
      const nested = path.join(dataDir, "neu", "daten");
      acquireDataDirLock(nested).release();
      for (const folder of [nested, path.dirname(nested)]) expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  it("writes the PID first (older versions read it) and leaves nothing behind on release", () => {
    const lock = acquireDataDirLock(dataDir);
    const [pid, ...fields] = fs.readFileSync(lockFile, "utf8").split("\n");
    expect(pid).toBe(String(process.pid));
    expect(fields).toContain(`host=${os.hostname()}`);
    expect(fs.readdirSync(dataDir)).toEqual(["server.lock"]);
    lock.release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a live owner on this host, also in the old format (just a PID)", () => {
    fs.writeFileSync(lockFile, String(other.pid));
    expect(lockError(dataDir).message).toContain(
      `Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet (PID ${other.pid}).`,
    );
    fs.writeFileSync(lockFile, lockText({ pid: other.pid!, host: os.hostname() }));
    expect(lockError(dataDir).ownerPid).toBe(other.pid);
  });

  it("takes over a lock of a dead PID, in the old and the current format", () => {
    fs.writeFileSync(lockFile, String(deadPid));
    acquireDataDirLock(dataDir).release();
    fs.writeFileSync(lockFile, lockText({ pid: deadPid, host: os.hostname() }));
    acquireDataDirLock(dataDir).release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it.runIf(linux)("refuses when the PID runs with the recorded start time", () => {
    fs.writeFileSync(lockFile, lockText({ pid: other.pid!, host: os.hostname(), boot: bootId(), start: startTime(other.pid!) }));
    expect(lockError(dataDir).ownerPid).toBe(other.pid);
  });

  it.runIf(linux)("takes over when the PID runs with another start time (the PID was reused)", () => {
    const recorded = String(Number(startTime(other.pid!)) - 1);
    fs.writeFileSync(lockFile, lockText({ pid: other.pid!, host: os.hostname(), boot: bootId(), start: recorded }));
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    lock.release();
  });

  it.runIf(linux)("takes over a lock from another boot (the machine restarted), even if the PID runs", () => {
    const otherBoot = "00000000-0000-4000-8000-000000000000";
    fs.writeFileSync(lockFile, lockText({ pid: other.pid!, host: os.hostname(), boot: otherBoot, start: startTime(other.pid!) }));
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    lock.release();
  });

  it.each([
    ["a PID that looks alive here (1)", 1],
    ["a PID that is dead here", deadPid],
  ])("refuses a lock from another host name with %s and names the lock file to remove by hand", (_, pid) => {
    const text = lockText({ pid, host: "anderer-container", boot: linux ? bootId() : undefined, start: "12345" });
    fs.writeFileSync(lockFile, text);
    const error = lockError(dataDir);
    expect(error.message).toContain(`Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet`);
    expect(error.message).toContain("anderer-container");
    expect(error.message).toContain(`löschen Sie die Sperrdatei ${lockFile} von Hand`);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(text);
  });

  it("refuses an empty lock file that is being written right now, and takes it over once it is old", () => {
    fs.writeFileSync(lockFile, "");
    expect(lockError(dataDir).ownerPid).toBeUndefined();
    expect(fs.readFileSync(lockFile, "utf8")).toBe("");

    const aMinuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile, aMinuteAgo, aMinuteAgo);
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    lock.release();
  });

  it("release leaves a lock alone that is no longer ours, even with our PID", () => {
    const lock = acquireDataDirLock(dataDir);
    // Taken over meanwhile by a process with the same PID in another container, in either format.
    for (const theirs of [lockText({ pid: process.pid, host: "anderer-container" }), String(process.pid)]) {
      fs.writeFileSync(lockFile, theirs);
      lock.release();
      expect(fs.readFileSync(lockFile, "utf8")).toBe(theirs);
    }
  });

  it("waits for another process's takeover in progress instead of taking over too; an abandoned one is cleared", () => {
    const claim = `${lockFile}.takeover`;
    fs.writeFileSync(lockFile, String(deadPid));
    fs.writeFileSync(claim, String(other.pid));
    expect(lockError(dataDir).ownerPid).toBeUndefined();
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(deadPid));

    const aMinuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(claim, aMinuteAgo, aMinuteAgo);
    acquireDataDirLock(dataDir).release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("of many processes taking over one stale lock at the same moment, exactly one wins", async () => {
    const modulePath = path.join(import.meta.dirname, "data-dir-lock.server.ts");
    const rounds = 10;
    const dirs = Array.from({ length: rounds }, (_, round) => {
      const dir = path.join(dataDir, String(round));
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "server.lock"), String(deadPid));
      return dir;
    });
    // Each child loads the module and says "ready". Then, round by round, all try at the same
    // agreed instant (sleep, then spin for the last 2 ms) on that round's folder. Each keeps what
    // it won until stdin closes, so a winner is alive while the others judge its lock.
    const child = `
      const { acquireDataDirLock } = await import(${JSON.stringify(modulePath)});
      const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ms));
      const held = [];
      process.stdout.write("ready\\n");
      process.stdin.once("data", (data) => {
        const { dirs, start } = JSON.parse(data.toString());
        const results = dirs.map((dir, round) => {
          const at = start + round * 20;
          sleep(at - Date.now() - 2);
          while (Date.now() < at);
          try {
            held.push(acquireDataDirLock(dir));
            return "won";
          } catch (error) {
            return error.name === "DataDirLockedError" ? "refused" : "error " + error.message;
          }
        });
        process.stdout.write(JSON.stringify(results) + "\\n");
        process.stdin.once("end", () => {
          for (const lock of held) lock.release();
          process.exit(0);
        });
      });`;
    const children = Array.from({ length: 8 }, () => {
      const child_ = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", child], {
        cwd: path.resolve(import.meta.dirname, "../.."), // where `--import tsx` resolves
        env: { PATH: process.env.PATH },
        stdio: ["pipe", "pipe", "inherit"],
      });
      const lines = readline.createInterface({ input: child_.stdout })[Symbol.asyncIterator]();
      const exited = new Promise((resolve) => child_.once("exit", resolve));
      return { process: child_, exited, ready: lines.next(), next: () => lines.next() };
    });
    await Promise.all(children.map((c) => c.ready));
    const go = JSON.stringify({ dirs, start: Date.now() + 100 }) + "\n";
    for (const c of children) c.process.stdin.write(go);
    const results = await Promise.all(children.map(async (c) => JSON.parse(String((await c.next()).value)) as string[]));
    for (const c of children) c.process.stdin.end();
    await Promise.all(children.map((c) => c.exited));

    for (let round = 0; round < rounds; round++) {
      const outcomes = results.map((r) => r[round]).sort();
      expect(outcomes, `round ${round}`).toEqual([...Array(7).fill("refused"), "won"]);
      expect(fs.readdirSync(dirs[round]!), `round ${round}`).toEqual([]);
    }
  });
});
