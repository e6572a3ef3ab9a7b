import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startMessages } from "~/messages";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Issue 31, finding 3: a blocked event loop (PGlite spinning on a failed disk) answered nothing and
 * ignored SIGTERM for minutes. The watchdog's thread ends such a process with one German line.
 */
describe("the event loop watchdog", () => {
  it("kills a process whose event loop is blocked longer than its limit, with one German line", async () => {
    const script = `
      import { startEventLoopWatchdog } from "./server/event-loop-watchdog.ts";
      startEventLoopWatchdog(1);
      setTimeout(() => { const end = Date.now() + 20000; while (Date.now() < end); process.exit(0); }, 100);
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const started = Date.now();
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, killedBy) => resolve(killedBy)));
    expect(signal).toBe("SIGKILL");
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(stderr).toContain(startMessages.eventLoopStuck(1));
  }, 30_000);

  it("leaves a process alone whose loop keeps turning, and lets it end", async () => {
    const script = `
      import { startEventLoopWatchdog } from "./server/event-loop-watchdog.ts";
      const watchdog = startEventLoopWatchdog(1);
      setTimeout(async () => { await watchdog.stop(); process.exit(7); }, 2500);
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, stdio: "ignore" });
    const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
    expect(code).toBe(7);
  }, 30_000);
});
