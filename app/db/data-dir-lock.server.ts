import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite corrupts its data folder for good when two processes open it, so the
 * process that opens it holds an exclusive lock file `server.lock` in it.
 *
 * The file names its owner: the PID on the first line (what older versions
 * wrote and still read), then `key=value` lines with the host name, the boot
 * id, the process start time and a random token. A PID alone is not enough:
 * in Docker the server is PID 1, so a tool in a new container sees "PID 1
 * alive" (its own init), and PIDs get reused. A lock is stale, and is taken
 * over, only when we can tell that its owner is gone:
 * - same host name, other boot id: the machine restarted since;
 * - same host: the PID is not running, or runs with another start time (reused).
 * Under another host name (another container or machine sharing the folder)
 * we cannot see the owner's processes, so we refuse and name the lock file to
 * remove by hand. Without /proc (not Linux) only the PID is checked.
 */

/** A lock without readable content younger than this is being written right now; older, it is debris. */
const GRACE_MS = 5_000;

type Owner = { pid: number; host?: string; boot?: string; start?: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    /** Undefined while the lock is being created or taken over by another process. */
    readonly ownerPid: number | undefined,
    lockFile: string,
    /** The owner's host name when it differs from ours: we cannot check whether it still runs. */
    otherHost?: string,
  ) {
    const who =
      ownerPid === undefined
        ? `Sperrdatei ${lockFile} wird gerade angelegt`
        : otherHost === undefined
          ? `PID ${ownerPid}`
          : `PID ${ownerPid} auf dem Rechner bzw. Container „${otherHost}“`;
    super(
      `Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet (${who}). ` +
        `Beenden Sie zuerst diesen Prozess oder verwenden Sie PostgreSQL (DATABASE_URL).` +
        (otherHost === undefined
          ? ""
          : ` Von hier aus lässt sich nicht prüfen, ob er noch läuft. Ist er sicher beendet ` +
            `(z. B. sein Container entfernt), löschen Sie die Sperrdatei ${lockFile} von Hand.`),
    );
    this.name = "DataDirLockedError";
  }
}

export type DataDirLock = { release(): void };

function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot; undefined without /proc. */
function startTime(pid: number | "self"): string | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  // Field 2 (the command name) may hold spaces and ")": fields 3… follow the last ")".
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parseLock(text: string): Owner | undefined {
  const [first = "", ...rest] = text.split("\n");
  // Empty or cut short: an old version between its create and its write.
  if (!/^[1-9]\d*$/.test(first.trim())) return undefined;
  const fields = new Map<string, string>();
  for (const line of rest) {
    const match = /^(\w+)=(.*)$/.exec(line);
    if (match) fields.set(match[1]!, match[2]!);
  }
  return { pid: Number(first), host: fields.get("host"), boot: fields.get("boot"), start: fields.get("start") };
}

/** "stale": the owner is surely gone. "alive": it runs here. "unknown": it runs elsewhere, if at all. */
function ownerState(owner: Owner, me: Owner): "stale" | "alive" | "unknown" {
  if (owner.host !== undefined && owner.host !== me.host) return "unknown";
  if (owner.boot && me.boot && owner.boot !== me.boot) return "stale";
  // Our own PID: a previous incarnation (the server is PID 1 again after a container restart) or
  // this very process opening the folder twice; either way no other process holds it.
  if (owner.pid === me.pid || !isRunning(owner.pid)) return "stale";
  const current = owner.start && startTime(owner.pid);
  return current && current !== owner.start ? "stale" : "alive";
}

/**
 * Creates `lockFile` with `content` unless it exists. Written to a private file
 * first and hard-linked into place (atomic, fails with EEXIST), so the lock
 * never exists without its content.
 */
function createExclusive(lockFile: string, content: string, temp: string): boolean {
  fs.writeFileSync(temp, content, { flag: "wx" });
  try {
    fs.linkSync(temp, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    // No hard links on this file system: exclusive create; readers bridge the empty instant (GRACE_MS).
    try {
      fs.writeFileSync(lockFile, content, { flag: "wx" });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes the stale lock `staleContent`, atomically with respect to other
 * processes doing the same: otherwise two could both judge it stale, one
 * remove it and create its own lock, and the other then remove that one.
 * Only the holder of the claim file may remove a lock, and only the very lock
 * it judged (contents differ: each carries a random token).
 */
function removeStale(lockFile: string, staleContent: string): void {
  const claim = `${lockFile}.takeover`;
  try {
    fs.writeFileSync(claim, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    let age: number;
    try {
      age = Date.now() - fs.statSync(claim).mtimeMs;
    } catch {
      return; // Just released: look again.
    }
    // A takeover takes microseconds: a claim this old was left by a process that died during one.
    if (age > GRACE_MS) fs.rmSync(claim, { force: true });
    else sleep(10);
    return;
  }
  try {
    if (readOptional(lockFile) === staleContent) fs.unlinkSync(lockFile);
  } finally {
    fs.rmSync(claim, { force: true });
  }
}

export function acquireDataDirLock(dataDir: string, displayName = dataDir): DataDirLock {
  // For this account only: PGlite writes its files 0666, the e-mails and backups hold customers' data.
  // An existing folder keeps the mode its operator gave it.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockFile = path.join(dataDir, "server.lock");
  const shownLockFile = `${displayName.replace(/[\\/]+$/, "")}${path.sep}server.lock`;
  const token = crypto.randomBytes(8).toString("hex");
  const me: Owner = {
    pid: process.pid,
    host: os.hostname(),
    boot: readOptional("/proc/sys/kernel/random/boot_id")?.trim(),
    start: startTime("self"),
  };
  const content =
    `${me.pid}\nhost=${me.host}\n` + (me.boot ? `boot=${me.boot}\n` : "") + (me.start ? `start=${me.start}\n` : "") + `token=${token}\n`;

  // Bounded: every round either ends or follows another process's move (creation, takeover, release).
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createExclusive(lockFile, content, `${lockFile}.${token}.tmp`)) {
      return {
        release() {
          // Only our own lock: one taken over from us (wrongly judged stale) now belongs to another process.
          if (readOptional(lockFile) !== content) return;
          try {
            fs.rmSync(lockFile, { force: true });
          } catch {
            // A folder turned read-only keeps the file: the next start sees our process gone and takes it over.
          }
        },
      };
    }
    let text: string;
    let age: number;
    try {
      // Content and age of the same file, even if it is replaced meanwhile.
      const fd = fs.openSync(lockFile, "r");
      try {
        age = Date.now() - fs.fstatSync(fd).mtimeMs;
        text = fs.readFileSync(fd, "utf8");
      } finally {
        fs.closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // Released meanwhile.
      throw error;
    }
    const owner = parseLock(text);
    if (!owner) {
      if (age < GRACE_MS) throw new DataDirLockedError(displayName, undefined, shownLockFile);
    } else {
      const state = ownerState(owner, me);
      if (state === "alive") throw new DataDirLockedError(displayName, owner.pid, shownLockFile);
      if (state === "unknown") throw new DataDirLockedError(displayName, owner.pid, shownLockFile, owner.host);
    }
    removeStale(lockFile, text);
  }
  // Others kept taking it over: someone is using the folder right now.
  throw new DataDirLockedError(displayName, undefined, shownLockFile);
}
