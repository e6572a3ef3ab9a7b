import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "~/lib/unavailable.server";
import { guardStorage, isStorageFailure, StorageFailedError } from "./storage-guard.server";

/** What PGlite's PostgreSQL answers when the disk under DATA_DIR turned read-only (reproduced on ext4, issue 31 finding 3). */
const readOnly = Object.assign(
  new Error('could not write to log file "000000010000000000000001" at offset 8888320, length 8192: Read-only file system'),
  {
    code: "58030",
  },
);
const noSpace = new Error('could not extend file "base/5/16384": No space left on device');

describe("guardStorage", () => {
  function fakeClient(failWith: Error | null) {
    const query = vi.fn(async () => {
      if (failWith) throw failWith;
      return { rows: [] };
    });
    const client = { query, exec: vi.fn(async () => []), transaction: vi.fn(async () => undefined) };
    return { client: client as unknown as PGlite, query };
  }

  it("after the first storage failure refuses every statement without calling PGlite again, and tells once", async () => {
    const { client, query } = fakeClient(readOnly);
    const onFailure = vi.fn();
    const storage = guardStorage(client, onFailure);
    await expect(client.query("insert …")).rejects.toBe(readOnly);
    expect(storage.failed()).toBe(true);
    await expect(client.query("select 1")).rejects.toBeInstanceOf(StorageFailedError);
    await expect(client.exec("select 1")).rejects.toBeInstanceOf(StorageFailedError);
    await expect(client.transaction(async () => undefined)).rejects.toBeInstanceOf(StorageFailedError);
    expect(query).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledExactlyOnceWith(readOnly);
  });

  it("lets other errors through and stays open", async () => {
    const { client, query } = fakeClient(new Error('duplicate key value violates unique constraint "x"'));
    const storage = guardStorage(client, () => {});
    await expect(client.query("insert …")).rejects.toThrow("duplicate key");
    await expect(client.query("insert …")).rejects.toThrow("duplicate key");
    expect(query).toHaveBeenCalledTimes(2);
    expect(storage.failed()).toBe(false);
  });

  it("knows a full disk and a read-only one, also wrapped in Drizzle's error; both are an outage (German 503)", () => {
    for (const error of [readOnly, noSpace, new Error("Failed query: insert …", { cause: noSpace }), new StorageFailedError(readOnly)]) {
      expect(isStorageFailure(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    expect(isStorageFailure(new Error("syntax error at or near"))).toBe(false);
  });
});
