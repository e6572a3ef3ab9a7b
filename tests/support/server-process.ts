import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
// `node server.js`, as in production: one process, so its PID is the server's (memory, SIGKILL).
// The tests pass BUILD_DIR (a build of buildForTests) in the environment.
const serverCommand = [process.execPath, ["server.js"]] as const;

/**
 * A production build of its own for tests that start the real server. It lives
 * under node_modules/.cache so the bundle resolves its packages, and git,
 * ESLint and Tailwind never see it.
 */
export function buildForTests(): { buildDir: string; remove(): void } {
  const buildDir = path.join("node_modules/.cache", `happy-car-build-${crypto.randomBytes(4).toString("hex")}`);
  // The steps of `npm run build`: React Router's build (prerendering the public pages), then the precompressed copies.
  const env = { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" };
  try {
    execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, env, stdio: "pipe" });
    execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/precompress.ts"], { cwd: root, env, stdio: "pipe" });
  } catch (error) {
    fs.rmSync(path.join(root, buildDir), { recursive: true, force: true });
    const output = (error as { stdout?: Buffer; stderr?: Buffer }).stdout?.toString() ?? "";
    throw new Error(`build for tests failed: ${String(error)}\n${output}${(error as { stderr?: Buffer }).stderr?.toString() ?? ""}`);
  }
  return { buildDir, remove: () => fs.rmSync(path.join(root, buildDir), { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The key of the secrets at rest in the tests (vitest.config.ts sets it; the reliability suite and the benches get this one). */
export const TEST_APP_SECRET = process.env.APP_SECRET || "dGVzdHMtb25seS1hcHAtc2VjcmV0LW5ldmVyLWluLXByb2R1Y3Rpb24";

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, wait for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
};

/**
 * Starts the server like production and waits until /readyz answers 200. `nodeArgs` go before
 * server.js (a bench's `--cpu-prof`, which Node 20 refuses in NODE_OPTIONS).
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 60_000, nodeArgs = [] }: { timeoutMs?: number; nodeArgs?: readonly string[] } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(serverCommand[0], [...nodeArgs, ...serverCommand[1]], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      EMAIL_TRANSPORT: "file",
      // Production on PostgreSQL needs APP_SECRET (decision 035): the tests' own, unless a test sets it (also to "", unset).
      ...(env.DATABASE_URL && !("APP_SECRET" in env) ? { APP_SECRET: TEST_APP_SECRET } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code ?? -1));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode} before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    port,
    origin,
    output: () => output,
    exited,
    async stop() {
      if (exitCode === undefined) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs the server with `env` to completion (for start-up failures). */
export function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(serverCommand[0], serverCommand[1], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        ...(env.DATABASE_URL && !("APP_SECRET" in env) ? { APP_SECRET: TEST_APP_SECRET } : {}),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
