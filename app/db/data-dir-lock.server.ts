import fs from "node:fs";
import path from "node:path";

/**
 * PGlite corrupts its data folder when two processes open it, so the process
 * that opens it holds an exclusive lock file with its PID. A lock left by a
 * killed process (its PID no longer runs) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet (PID ${ownerPid}). ` +
        `Beenden Sie zuerst diesen Prozess oder verwenden Sie PostgreSQL (DATABASE_URL).`,
    );
    this.name = "DataDirLockedError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type DataDirLock = { release(): void };

export function acquireDataDirLock(dataDir: string, displayName = dataDir): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return {
        release() {
          try {
            if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isRunning(ownerPid)) {
        throw new DataDirLockedError(displayName, ownerPid);
      }
      // Stale lock of a dead process (or unreadable): remove it and try again.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Sperrdatei ${lockFile} konnte nicht angelegt werden.`);
}
