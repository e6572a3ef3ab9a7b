/**
 * A reference for `npm run bench`, not part of the app: Express serving the build's
 * client folder with sirv (the app's static library, same options) and nothing else:
 * no request id, log line, security headers or Host check. Its rate is the ceiling of
 * "GET / through the app alone" on this machine. Prints its origin, then serves until killed.
 *
 *   tsx bench/express-static-ceiling.ts build/client
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import sirv from "sirv";

const clientDir = process.argv[2];
if (!clientDir) throw new Error("usage: express-static-ceiling.ts <client folder>");
const app = express();
app.disable("x-powered-by");
app.use(sirv(clientDir, { dev: false, etag: true, brotli: true, gzip: true }));
const server = http.createServer(app).listen(0, "127.0.0.1", () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
