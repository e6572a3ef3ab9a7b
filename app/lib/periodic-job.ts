/**
 * A job of the server that runs every `intervalMs` (reminders, the nightly backup): `run` never
 * throws (it logs its own failures), and a slow run is not overlapped by the next tick.
 */
export type PeriodicJob = {
  /** One run now, or the run in flight. */
  runOnce(): Promise<void>;
  /** Runs now and then every interval; the timer does not keep the process alive. */
  start(): void;
  /** Stops the ticks and waits for the run in flight. */
  stop(): Promise<void>;
};

export function periodicJob(run: () => Promise<void>, intervalMs: number): PeriodicJob {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  function runOnce(): Promise<void> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }
  return {
    runOnce,
    start() {
      timer ??= setInterval(() => void runOnce(), intervalMs);
      timer.unref();
      void runOnce();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
