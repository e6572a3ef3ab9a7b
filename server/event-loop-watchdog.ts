import { Worker } from "node:worker_threads";
import { startMessages } from "~/messages";

/**
 * The last line of defence against a blocked event loop (issue 31, finding 3): when the main thread
 * has not ticked for `seconds` (PGlite spinning on a failed disk, an endless loop), nothing on it can
 * answer /healthz or SIGTERM any more. A worker thread watches a heartbeat in shared memory and then
 * writes one German line to stderr and kills the process (SIGKILL: a blocked thread runs no handler),
 * so its supervisor (systemd, Docker) restarts it. The check runs only once the server listens: the
 * start's migrations may legitimately take longer.
 */
export function startEventLoopWatchdog(seconds: number): { stop(): Promise<void> } {
  const heartbeat = new Float64Array(new SharedArrayBuffer(8));
  heartbeat[0] = Date.now();
  const beat = setInterval(() => {
    heartbeat[0] = Date.now();
  }, 1_000);
  beat.unref();
  // Inline, so the one server bundle needs no second file for it; in CommonJS or ESM alike (getBuiltinModule),
  // without the parent's loaders (execArgv: []).
  const worker = new Worker(
    `
    const { workerData } = process.getBuiltinModule("node:worker_threads");
    const fs = process.getBuiltinModule("node:fs");
    const heartbeat = new Float64Array(workerData.buffer);
    setInterval(() => {
      if (Date.now() - heartbeat[0] > workerData.limitMs) {
        fs.writeSync(2, JSON.stringify({ level: 60, time: Date.now(), msg: workerData.message }) + "\\n");
        process.kill(process.pid, "SIGKILL");
      }
    }, 1000);
    `,
    {
      eval: true,
      execArgv: [],
      workerData: { buffer: heartbeat.buffer, limitMs: seconds * 1_000, message: startMessages.eventLoopStuck(seconds) },
    },
  );
  worker.unref();
  // The watchdog failing must not take the server with it.
  worker.on("error", () => {});
  return {
    async stop() {
      clearInterval(beat);
      await worker.terminate();
    },
  };
}
