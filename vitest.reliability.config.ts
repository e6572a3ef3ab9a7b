import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: fuzzing, load, crash and outage tests against
 * the real server process. One file at a time: the load test needs the CPU to
 * itself. Runs after `npm test` in .ci/run; about 3 minutes here.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    globalSetup: ["tests/reliability/global-setup.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test" },
  },
});
