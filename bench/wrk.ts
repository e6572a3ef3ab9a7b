/**
 * wrk (C, one thread) as the load generator for GET measurements: autocannon
 * is itself a Node process and, on a two-core machine, becomes the bottleneck
 * long before the server does. Also nginx as the reference the issue compares
 * with. Both are optional Debian packages (`apt-get install wrk nginx-light`).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { LoadSummary } from "../tests/support/load";
import { freePort } from "../tests/support/server-process";

function installed(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/sbin"])) {
    const candidate = path.join(dir, command);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export const wrkPath = installed("wrk");
export const nginxPath = installed("nginx");

function milliseconds(value: string): number {
  const [, number = "NaN", unit = "ms"] = /^([\d.]+)(us|ms|s)$/.exec(value) ?? [];
  return Number(number) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
}

/** `wrk --latency` output → the summary autocannon runs give. */
export function parseWrk(output: string): LoadSummary {
  const total = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p50Ms: milliseconds(/\s50%\s+([\d.]+\w+)/.exec(output)?.[1] ?? ""),
    p99Ms: milliseconds(/\s99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? ""),
    total,
    errors: socketErrors ? Number(socketErrors[1]) + Number(socketErrors[2]) + Number(socketErrors[3]) : 0,
    timeouts: socketErrors ? Number(socketErrors[4]) : 0,
    non2xx,
    status5xx: Number.NaN,
    statusCodes: {},
  };
}

export function runWrk(
  url: string,
  { connections, seconds, headers = {} }: { connections: number; seconds: number; headers?: Record<string, string> },
): LoadSummary {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const output = execFileSync(wrkPath!, ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", ...headerArgs, url], {
    encoding: "utf8",
  });
  return parseWrk(output);
}

type Nginx = { origin: string; stop(): void };

/** nginx with `http` (the inside of its http block) on a free port, in a folder of its own; stop() removes everything. */
async function runNginx(http: (dir: string, port: number) => string): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-nginx-"));
  const port = await freePort();
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
${http(dir, port)}
}
`,
  );
  const child = spawn(nginxPath!, ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-g", "daemon off;"], { stdio: "ignore" });
  for (let attempt = 0; attempt < 50; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx serving `body` as a static file with its precompressed copy (`gzip_static`): the reference figure. */
export function startNginx(body: Buffer): Promise<Nginx> {
  return runNginx((dir, port) => {
    fs.mkdirSync(path.join(dir, "html"), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "html", "index.html"), body);
    fs.writeFileSync(path.join(dir, "html", "index.html.gz"), zlib.gzipSync(body, { level: 9 }));
    return `  server { listen 127.0.0.1:${port}; root ${dir}/html; gzip_static on; }`;
  });
}

/** The reverse proxy of the deployment guide, deploy/nginx/happy-car.conf as it is, in front of the app on `appPort`. */
export function startNginxProxy(appPort: number): Promise<Nginx> {
  const guide = fs.readFileSync(path.resolve(import.meta.dirname, "../deploy/nginx/happy-car.conf"), "utf8");
  return runNginx((dir, port) => {
    const replace = (text: string, from: RegExp, to: string) => {
      if (!from.test(text)) throw new Error(`deploy/nginx/happy-car.conf changed: ${from} not found`);
      return text.replace(from, to);
    };
    let config = replace(guide, /listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
    config = replace(config, /\n\s*ssl_certificate\s[^\n]*/, "");
    config = replace(config, /\n\s*ssl_certificate_key\s[^\n]*/, "");
    config = replace(config, /server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${appPort};`);
    return replace(config, /\/var\/cache\/nginx\/happy-car/, path.join(dir, "cache"));
  });
}

/**
 * wrk POSTing one body after another from `bodies` (each used once) until
 * `amount` answers have come back. wrk itself only knows durations: its Lua
 * script reports on stderr when the amount is reached, with the status codes,
 * and a SIGINT then ends wrk, which prints its figures for the requests
 * answered so far.
 */
export async function runWrkPosts(
  url: string,
  {
    connections,
    bodies,
    amount,
    headers = {},
  }: { connections: number; bodies: string[]; amount: number; headers?: Record<string, string> },
): Promise<LoadSummary> {
  if (bodies.length < amount + connections) throw new Error(`${amount} answers at c=${connections} need more bodies than ${bodies.length}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-wrk-"));
  try {
    const bodiesFile = path.join(dir, "bodies.txt");
    fs.writeFileSync(bodiesFile, bodies.map((body) => body.replace(/\n/g, " ")).join("\n") + "\n");
    const headerTable = Object.entries({ ...headers, "Content-Type": headers["Content-Type"] ?? "application/json" })
      .map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
      .join(", ");
    const script = path.join(dir, "post.lua");
    fs.writeFileSync(
      script,
      `local bodies = {}
for line in io.lines(${JSON.stringify(bodiesFile)}) do bodies[#bodies + 1] = line end
local headers = { ${headerTable} }
local path = ${JSON.stringify(new URL(url).pathname)}
local sent, answered, statuses = 0, 0, {}
request = function()
  sent = sent + 1
  return wrk.format("POST", path, headers, bodies[sent])
end
response = function(status)
  answered = answered + 1
  statuses[status] = (statuses[status] or 0) + 1
  if answered == ${amount} then
    local counts = {}
    for code, count in pairs(statuses) do counts[#counts + 1] = code .. "=" .. count end
    io.stderr:write("DONE " .. table.concat(counts, " ") .. "\\n")
    wrk.thread:stop()
  end
end
`,
    );
    const child = spawn(wrkPath!, ["-t1", `-c${connections}`, "-d600s", "--latency", "--timeout", "60s", "-s", script, url]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/DONE .*\n/.test(stderr)) child.kill("SIGINT");
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    const done = /DONE (.*)\n/.exec(stderr);
    if (!done) throw new Error(`wrk exited with ${code} before ${amount} answers:\n${stdout}${stderr}`);
    const statusCodes: Record<string, number> = {};
    for (const pair of done[1]!.split(" ").filter(Boolean)) {
      const [code = "", count = "0"] = pair.split("=");
      statusCodes[code] = Number(count);
    }
    const answered = (prefix: string) =>
      Object.entries(statusCodes).reduce((sum, [code, count]) => (code.startsWith(prefix) ? sum + count : sum), 0);
    return {
      ...parseWrk(stdout),
      total: answered(""),
      non2xx: answered("") - answered("2"),
      status5xx: answered("5"),
      statusCodes,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
