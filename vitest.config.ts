import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    // One production build for the suites that start the real server (inject("buildDir")), and one migrated
    // PGlite that every test database starts from (inject("pgliteTemplate")).
    globalSetup: ["tests/support/global-build.ts", "tests/support/global-database.ts"],
    environment: "node",
    testTimeout: 30_000,
    // Vitest's default is one worker per CPU minus one: a single one on our 2-CPU machines. Most
    // integration files wait on child servers, PostgreSQL or scrypt, not on the CPU, so three
    // side by side finish the suite in far less wall time.
    maxWorkers: 3,
    // The files of a worker share its loaded modules instead of importing the app again for each file (import time
    // 118 s → 17 s, decision 030). The app keeps no state in modules but the configuration's cache, which useEnv resets;
    // spies are restored after every test.
    isolate: false,
    restoreMocks: true,
    hookTimeout: 60_000,
    // scrypt at N = 2^10 instead of production's 2^17 (128 MiB, half a second of CPU per login): decision 030.
    // APP_SECRET: the key of the secrets at rest for the tests' own processes (decision 035); the servers they start on
    // PostgreSQL get the same one (tests/support/server-process.ts), those on PGlite their key file in DATA_DIR.
    env: { NODE_ENV: "test", PASSWORD_HASH_COST: "10", APP_SECRET: "dGVzdHMtb25seS1hcHAtc2VjcmV0LW5ldmVyLWluLXByb2R1Y3Rpb24" },
    // Through Vite like the app's code, so that it shares its ES module copy of react-router
    // (RouterContextProvider is checked with instanceof); Node 20 would load its CommonJS build.
    server: { deps: { inline: ["@react-router/node"] } },
  },
});
