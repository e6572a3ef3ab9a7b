import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "~/db/client.server";
import { bodyTooLarge, MAX_BODY_BYTES, parseJsonObject, RequestBodyError, requireJsonContentType } from "~/lib/http.server";
import { answerBookingRequest, answerSlotsRequest, type JsonAnswer } from "~/routes/api/booking-answer.server";
import { ORIGIN_REFUSED_MESSAGE, sameSiteCheck } from "./origin-check";

const BOOKING_PATH = "/api/v1/appointments";
const SLOTS_PATH = "/api/v1/slots";

/**
 * The client address as Express computes `req.ip` for `trust proxy` set to a
 * boolean or a hop count: walk X-Forwarded-For from the right, one trusted
 * proxy hop at a time.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean | number): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (trustProxy === false || trustProxy === 0) return socketAddress;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean)
    .reverse();
  const chain = [socketAddress, ...forwarded];
  return trustProxy === true ? chain.at(-1)! : chain[Math.min(trustProxy, chain.length - 1)]!;
}

/** The body, at most MAX_BODY_BYTES (the same limit and message as readJsonObject). */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return reject(bodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off("data", onData);
      reject(bodyTooLarge());
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

function send(res: ServerResponse, { status, body, headers = {} }: JsonAnswer): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Cache-Control": "no-cache",
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

export type BookingFastPath = {
  /**
   * Answers `POST /api/v1/appointments` and `GET /api/v1/slots` and returns
   * true; false for every other request.
   */
  serve(req: IncomingMessage, res: ServerResponse, begin: () => string): boolean;
};

/**
 * The two requests a booking is made of, without Express and React Router
 * (decision 013): for a booking they cost as much server time as the booking
 * itself. The steps are theirs for these requests: for the POST the origin
 * check, the JSON body rules and the client address under TRUST_PROXY; then
 * the answer the route module gives (answerBookingRequest,
 * answerSlotsRequest). `begin` adds the request id, log line and security
 * headers every response gets. Other methods on these paths go to React Router.
 */
export function bookingFastPath({
  db,
  trustProxy,
  publicUrl,
  requestProtocol,
}: {
  db: Database;
  trustProxy: boolean | number;
  publicUrl?: string;
  requestProtocol: (req: IncomingMessage) => string;
}): BookingFastPath {
  const fromThisSite = sameSiteCheck({ publicUrl });
  return {
    serve(req, res, begin) {
      const url = req.url ?? "";
      const queryStart = url.includes("?") ? url.indexOf("?") : url.length;
      const path = url.slice(0, queryStart);
      const query = url.slice(queryStart + 1);
      if (req.method === "GET" && path === SLOTS_PATH) {
        const requestId = begin();
        void answerSlotsRequest(new URLSearchParams(query).get("date") ?? "", { db, requestId }).then((answer) => send(res, answer));
        return true;
      }
      if (req.method !== "POST" || path !== BOOKING_PATH) return false;
      const requestId = begin();
      if (!fromThisSite(req.headers, requestProtocol(req))) {
        send(res, { status: 403, body: { error: ORIGIN_REFUSED_MESSAGE } });
        return true;
      }
      void (async () => {
        let input: Record<string, unknown>;
        try {
          requireJsonContentType(req.headers["content-type"]);
          input = parseJsonObject(await readBody(req));
        } catch (error) {
          if (!(error instanceof RequestBodyError)) throw error;
          // The rest of an oversized body is never read: close the connection after the answer.
          if (error.status === 413) res.setHeader("Connection", "close");
          send(res, { status: error.status, body: { error: error.message } });
          return;
        }
        send(res, await answerBookingRequest(input, { db, clientIp: clientAddress(req, trustProxy), requestId }));
      })().catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : undefined);
      });
      return true;
    },
  };
}
