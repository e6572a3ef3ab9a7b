import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, inject, onTestFinished } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { type ApiApp, startApiApp } from "./api-app";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./databases";
import { type ServerProcess, startServer } from "./server-process";

/*
 * The set-up every integration file shares, as hooks registered by one call in
 * the describe block (inside describe.each, once per database kind). Each returns
 * its handle at once, while the resource behind it exists only from beforeAll
 * on: the handle reads it through getters, so test bodies keep writing
 * `database.db` or `server.origin`. Hooks run in the order they are registered
 * and the after hooks in reverse (Vitest's sequence.hooks "stack"), so a server
 * registered after its database stops before the database closes.
 */

/** A value set in beforeAll; reading it before then (at collection time) throws an error naming `what`. */
function startedInBeforeAll<T>(what: string) {
  let value: T | undefined;
  return {
    set: (next: T) => (value = next),
    peek: () => value,
    get(): T {
      if (value === undefined) throw new Error(`${what} exists only in tests and hooks of the describe block that set it up`);
      return value;
    },
  };
}

export type DatabaseFixtureOptions = {
  /** PostgreSQL's pool size (openDatabase's default of 10 otherwise), for suites that run many queries at once. */
  poolSize?: number;
  /** Empty every table before each test (default). Off for suites whose tests build on each other's rows. */
  emptyBeforeEach?: boolean;
};

/** A fresh database of `kind` for this describe block (closed after it), emptied before each test. */
export function useTestDatabase(kind: DatabaseKind, { poolSize, emptyBeforeEach = true }: DatabaseFixtureOptions = {}): TestDatabase {
  const database = startedInBeforeAll<TestDatabase>("The test database");
  beforeAll(async () => {
    database.set(await createTestDatabase(kind, poolSize));
  });
  afterAll(async () => {
    await database.peek()?.close();
  });
  if (emptyBeforeEach) beforeEach(() => database.get().reset());
  return {
    get db() {
      return database.get().db;
    },
    get kind() {
      return database.get().kind;
    },
    get url() {
      return database.get().url;
    },
    reset: (options) => database.get().reset(options),
    close: () => database.get().close(),
  };
}

/** The app's pipeline over HTTP on `database` (tests/support/api-app.ts), for this describe block; `env` adds to its configuration. */
export function useApiApp(database: TestDatabase, env: Record<string, string> = {}): ApiApp {
  const app = startedInBeforeAll<ApiApp>("The API app");
  beforeAll(async () => {
    app.set(await startApiApp(database.db, env));
  });
  afterAll(async () => {
    await app.peek()?.close();
  });
  return {
    get origin() {
      return app.get().origin;
    },
    request: (...args) => app.get().request(...args),
    close: () => app.get().close(),
  };
}

/**
 * `vars` over the process environment before each test (the app reads its
 * configuration once, so the cache is reset), the environment as it was
 * afterwards. Before each test, since a test may change a variable for itself.
 */
export function useEnv(vars: Record<string, string>): void {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env = { ...saved, ...vars };
    resetEnvCache();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvCache();
  });
}

/**
 * For the running test only: new password hashes (and the dummy hash of unknown
 * addresses) at 2^cost instead of the tests' cheap 2^10. For tests whose point
 * needs scrypt to take real time: a timing comparison, or parallel attempts that
 * must all meet the first one still in flight.
 */
export function withPasswordHashCost(cost: number): void {
  const before = process.env.PASSWORD_HASH_COST;
  process.env.PASSWORD_HASH_COST = String(cost);
  resetEnvCache();
  onTestFinished(() => {
    if (before === undefined) delete process.env.PASSWORD_HASH_COST;
    else process.env.PASSWORD_HASH_COST = before;
    resetEnvCache();
  });
}

export type TestServer = ServerProcess & {
  /** The server's DATA_DIR: a folder of its own (its embedded database, e-mail files), removed afterwards. */
  dataDir: string;
};

export type ServerFixtureOptions = {
  /** "postgres": a database of its own on the test PostgreSQL (DATABASE_URL); the embedded PGlite otherwise. */
  database?: DatabaseKind;
  /** Runs before the server starts, e.g. to enter rows into its data folder while no process holds it. */
  beforeStart?: (dataDir: string) => Promise<void>;
};

/**
 * The migrated template of tests/support/global-database.ts as the embedded database of `dataDir`
 * (`DATA_DIR/db`, the cluster PGlite keeps on disk): the server then starts without a new cluster's
 * initdb, 4 s of CPU (decision 030). Without that set-up (the reliability suite) the folder stays empty.
 */
export function unpackMigratedPglite(dataDir: string): void {
  const template = inject("pgliteTemplate");
  if (!template) return;
  const cluster = path.join(dataDir, "db");
  fs.mkdirSync(cluster, { recursive: true });
  execFileSync("tar", ["-xf", template, "-C", cluster]);
}

/** The server a production build starts with, and the longest a start may take on a busy machine. */
const SERVER_START_TIMEOUT_MS = 180_000;

/**
 * The real server (`node server.js` on the shared production build of
 * tests/support/global-build.ts) with `env`, for this describe block: started
 * once, stopped after its last test.
 */
export function useServer(
  env: Record<string, string> = {},
  { database: kind = "pglite", beforeStart }: ServerFixtureOptions = {},
): TestServer {
  const server = startedInBeforeAll<TestServer>("The server");
  let tmp: string | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-server-"));
    const dataDir = path.join(tmp, "data");
    if (kind === "pglite") unpackMigratedPglite(dataDir);
    await beforeStart?.(dataDir);
    const storage: Record<string, string> = { DATA_DIR: dataDir };
    if (kind === "postgres") {
      database = await createTestDatabase("postgres");
      storage.DATABASE_URL = database.url!;
    }
    const started = await startServer({ BUILD_DIR: inject("buildDir"), ...env, ...storage });
    server.set({ ...started, dataDir });
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await server.peek()?.stop();
    await database?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });
  return {
    get child() {
      return server.get().child;
    },
    get port() {
      return server.get().port;
    },
    get origin() {
      return server.get().origin;
    },
    get exited() {
      return server.get().exited;
    },
    get dataDir() {
      return server.get().dataDir;
    },
    output: () => server.get().output(),
    stop: () => server.get().stop(),
  };
}
