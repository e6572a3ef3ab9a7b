import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { someSelectedFile } from "./global-build";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied (see below); "" when none was made. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest globalSetup: one migrated PGlite, dumped to a file that every test's
 * in-memory database starts from (databases.ts). A new PGlite cluster costs
 * about 4 s of CPU (initdb in WebAssembly) and the migrations more; loading
 * the dump a tenth of that (decision 030). Made from the committed migrations
 * at each run, so it never lags behind them; removed afterwards. Skipped when
 * no selected file opens a test database or starts a server (`vitest run app/domain`).
 */
export default async function setup(project: TestProject) {
  if (!(await someSelectedFile(project, /\b(useTestDatabase|createTestDatabase|useServer)\(/))) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const database = await openDatabase({ kind: "pglite", dataDir: "", inMemory: true });
  const file = path.join(os.tmpdir(), `happy-car-pglite-template-${crypto.randomBytes(4).toString("hex")}.tar`);
  try {
    // Drizzle's handle on the driver it was given: the PGlite instance.
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (!(client instanceof PGlite)) throw new Error("the in-memory database is not a PGlite instance");
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(file, { force: true });
}
