import crypto from "node:crypto";
import { vi } from "vitest";

type ScryptCallback = (error: Error | null, key: Buffer) => void;

/**
 * Watches every scrypt run of the process (app/auth/password.server.ts calls crypto.scrypt for
 * each): how many started, the most at once, their passwords in the order they started. With
 * `hold`, a started run does its work only after `release()`, so a test can keep the line full.
 * The spy is restored after the test (restoreMocks).
 */
export function watchScrypt({ hold = false } = {}) {
  const real = crypto.scrypt;
  let release = () => {};
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const watch = { started: 0, running: 0, most: 0, passwords: [] as string[], release: () => release() };
  const run = (
    password: crypto.BinaryLike,
    salt: crypto.BinaryLike,
    keyLength: number,
    options: crypto.ScryptOptions,
    done: ScryptCallback,
  ) => {
    watch.started++;
    watch.running++;
    watch.most = Math.max(watch.most, watch.running);
    watch.passwords.push(String(password));
    void released.then(() =>
      real(password, salt, keyLength, options, (error, key) => {
        watch.running--;
        done(error, key);
      }),
    );
  };
  vi.spyOn(crypto, "scrypt").mockImplementation(run as typeof crypto.scrypt);
  return watch;
}
