import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: fuzzing, load, crash and outage tests against
 * the real server process. The fuzzing and the crash and outage files run side
 * by side (each has its own server, and the crash test waits on restarts), then
 * the load test alone: it needs the CPU to itself. Runs after the browser tests
 * in `npm test`; about 1.2 minutes here.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/reliability/global-setup.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test" },
    projects: [
      {
        extends: true,
        test: {
          name: "fuzzing, crash and outage",
          include: ["tests/reliability/{fuzz,database-failures}.test.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "load", include: ["tests/reliability/load.test.ts"], maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
