import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/logger.server";
import { requestListener } from "./app";
import type { ServerEnv } from "./env";
import { staticFiles } from "./static-files";

describe("static files", () => {
  let server: http.Server | undefined;
  let clientDir: string | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  // sirv lists the folder once at the start and pipes a read stream into the response without
  // listening for its errors: a file removed meanwhile (a deploy) ended the whole process (issue 31).
  it("a file removed after the start ends only its own answer, and the server goes on", async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-static-"));
    fs.writeFileSync(path.join(clientDir, "weg.txt"), "gleich weg");
    const app = new Hono<ServerEnv>();
    app.use(staticFiles(clientDir));
    app.get("/weiter", (c) => c.text("läuft"));
    server = http.createServer(requestListener(app)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const warn = vi.spyOn(logger, "warn").mockImplementation((() => undefined) as never);

    fs.rmSync(path.join(clientDir, "weg.txt"));
    await expect(fetch(`${origin}/weg.txt`).then((response) => response.text())).rejects.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ path: "/weg.txt" }), expect.stringContaining("weg.txt"));
    expect(await (await fetch(`${origin}/weiter`)).text()).toBe("läuft");
  });
});
