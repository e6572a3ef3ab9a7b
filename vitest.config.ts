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
    // One production build for the suites that start the real server (inject("buildDir")).
    globalSetup: ["tests/support/global-build.ts"],
    environment: "node",
    testTimeout: 30_000,
    // Vitest's default is one worker per CPU minus one: a single one on our 2-CPU machines. Most
    // integration files wait on child servers, PostgreSQL or scrypt, not on the CPU, so three
    // side by side finish the suite in far less wall time.
    maxWorkers: 3,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
    // Through Vite like the app's code, so that it shares its ES module copy of react-router
    // (RouterContextProvider is checked with instanceof); Node 20 would load its CommonJS build.
    server: { deps: { inline: ["@react-router/node"] } },
  },
});
