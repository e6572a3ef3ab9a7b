import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { logger } from "~/lib/logger.server";

/**
 * Every response carries a fresh id (X-Request-Id, `res.locals.requestId`)
 * and gets one log line when it is finished: method, path without the query
 * (it may hold a token; the logger masks a secret link's token in the path),
 * status and time. Never a header or a body.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const requestId = crypto.randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    logger.info(
      {
        requestId,
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      },
      "request",
    );
  });
  next();
};
