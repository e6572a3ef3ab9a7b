import { describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { ServerBusyError } from "~/lib/unavailable.server";
import { useEnv } from "../../tests/support/fixtures";
import { watchScrypt } from "../../tests/support/scrypt";
import { dummyPasswordHash, hashPassword, verifyPassword, WAITING_PER_RUN } from "./password.server";

/** For the running test: `name` set to `value` (useEnv restores the variables before the next test). */
function setEnv(name: string, value: string): void {
  process.env[name] = value;
  resetEnvCache();
}

const passwordsFor = (count: number) => Array.from({ length: count }, (_, n) => `Passwort-in-der-Reihe-${n}`);

/** The process's one line of scrypt runs (decision 031): at most PASSWORD_HASH_CONCURRENCY at once, a bounded wait. */
describe("password hashing in line", () => {
  useEnv({ PASSWORD_HASH_CONCURRENCY: "2" });

  it("runs at most PASSWORD_HASH_CONCURRENCY at once (N + 3 in parallel), the others in the order they came; checks too", async () => {
    const scrypt = watchScrypt();
    const passwords = passwordsFor(2 + 3);
    const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
    expect(scrypt.most).toBe(2);
    expect(scrypt.passwords).toEqual(passwords);
    // Hashes and checks share the line, as a login beside an invitation does.
    const checks = await Promise.all([
      ...passwords.map((password, n) => verifyPassword(password, hashes[n]!)),
      ...passwords.map((password) => hashPassword(password)),
    ]);
    expect(checks.slice(0, passwords.length)).toEqual(passwords.map(() => true));
    expect(scrypt.started).toBe(passwords.length * 3);
    expect(scrypt.most).toBe(2);
  });

  it("follows the setting: 3 at once with PASSWORD_HASH_CONCURRENCY=3", async () => {
    setEnv("PASSWORD_HASH_CONCURRENCY", "3");
    const scrypt = watchScrypt();
    await Promise.all(passwordsFor(3 + 3).map((password) => hashPassword(password)));
    expect(scrypt.most).toBe(3);
  });

  it(`refuses at once beyond ${WAITING_PER_RUN} waiting per run (ServerBusyError), then takes new runs again`, async () => {
    setEnv("PASSWORD_HASH_CONCURRENCY", "1");
    const scrypt = watchScrypt({ hold: true });
    const results = Promise.allSettled(passwordsFor(1 + WAITING_PER_RUN + 2).map((password) => hashPassword(password)));
    scrypt.release();
    const outcomes = await results;
    expect(outcomes.map((outcome) => outcome.status)).toEqual([...Array(1 + WAITING_PER_RUN).fill("fulfilled"), "rejected", "rejected"]);
    for (const refused of outcomes.slice(-2)) expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ServerBusyError);
    expect(scrypt.started).toBe(1 + WAITING_PER_RUN);
    expect(scrypt.most).toBe(1);
    await expect(hashPassword("Passwort-danach-1")).resolves.toMatch(/^scrypt\$/);
  });

  it("a dummy hash the full line refused is not kept: the next unknown address gets one", async () => {
    setEnv("PASSWORD_HASH_CONCURRENCY", "1");
    // A cost no other test uses, so that no dummy hash of it exists yet.
    setEnv("PASSWORD_HASH_COST", "12");
    const scrypt = watchScrypt({ hold: true });
    const filling = Promise.all(passwordsFor(1 + WAITING_PER_RUN).map((password) => hashPassword(password)));
    await expect(dummyPasswordHash()).rejects.toBeInstanceOf(ServerBusyError);
    scrypt.release();
    await filling;
    await expect(dummyPasswordHash()).resolves.toMatch(/^scrypt\$4096\$/);
  });
});
