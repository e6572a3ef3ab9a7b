import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { unpackMigratedPglite } from "../support/fixtures";
import { bookableSlots } from "../support/http";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issue 31, finding 3, reproduced for real: the disk under DATA_DIR full, or turned read-only while
 * the server runs (ext4 `errors=remount-ro` after a file-system error). Before the fix the first
 * failed write was a 500 and then PGlite spun with the event loop blocked: no /healthz, no
 * /readyz, SIGTERM ignored, for minutes. Mounting needs root (the CI machine runs as root).
 */
const canMount = process.getuid?.() === 0 && commandExists("mount") && commandExists("mkfs.ext4") && commandExists("losetup");

function commandExists(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe.runIf(canMount)("a failing data folder", () => {
  const cleanups: (() => void)[] = [];
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  function mountPoint(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-disk-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  async function serve(dataDir: string) {
    unpackMigratedPglite(dataDir);
    server = await startServer({ BUILD_DIR: inject("buildDir"), DATA_DIR: dataDir, EMAIL_WORKER: "false" });
    return server;
  }

  const book = (origin: string, slot: { date: string; time: string }, email: string) =>
    fetch(`${origin}/api/v1/appointments`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Maria Muster", email, phone: "0660 1234567", service: "Ölwechsel", ...slot }),
    });

  it("a nearly full disk turns /readyz to 503 while the server still answers", async () => {
    const dir = mountPoint();
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=160m", "tmpfs", dir]);
    cleanups.push(() => execFileSync("umount", ["-l", dir]));
    const { origin } = await serve(path.join(dir, "data"));
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    const free = fs.statfsSync(dir);
    const filler = fs.openSync(path.join(dir, "filler"), "w");
    const chunk = Buffer.alloc(1024 * 1024);
    for (let written = 0; written < free.bavail * free.bsize - 32 * 1024 * 1024; written += chunk.length) fs.writeSync(filler, chunk);
    fs.closeSync(filler);
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable" });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  }, 120_000);

  it("a disk turned read-only: a German 503, then the server stops itself with one German line and exit code 1", async () => {
    const dir = mountPoint();
    const image = path.join(os.tmpdir(), `hc-disk-${process.pid}.img`);
    execFileSync("truncate", ["-s", "300M", image]);
    cleanups.push(() => fs.rmSync(image, { force: true }));
    execFileSync("mkfs.ext4", ["-q", image]);
    const device = execFileSync("losetup", ["-f", "--show", image], { encoding: "utf8" }).trim();
    cleanups.push(() => execFileSync("losetup", ["-d", device]));
    execFileSync("mount", ["-o", "errors=remount-ro", device, dir]);
    cleanups.push(() => execFileSync("umount", ["-l", dir]));
    const running = await serve(path.join(dir, "data"));
    const [first, second] = await bookableSlots(running.origin, 2);
    expect((await book(running.origin, first!, "eins@example.com")).status).toBe(201);

    // What the kernel does on a file-system error with errors=remount-ro.
    fs.writeFileSync(`/sys/fs/ext4/${path.basename(device)}/trigger_fs_error`, "test");
    const refused = await book(running.origin, second!, "zwei@example.com");
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({
      error: "Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.",
    });
    const started = Date.now();
    expect(await running.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(running.output()).toContain("lässt sich nicht mehr beschreiben");
    expect(running.output()).not.toMatch(/^\s+at /m);
  }, 120_000);
});
