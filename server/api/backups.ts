import fs from "node:fs";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { backupMessages } from "~/messages";
import { backupDownload, backUpNow, backupOverview } from "~/services/backups.server";
import type { ServerEnv } from "../env";
import { codeRefusal } from "./answers";

/** The owner's backups (decision 041, docs/api.md), mounted on /api/v1/admin/backups. */
export const backups = new Hono<ServerEnv>();

/** GET /api/v1/admin/backups (owner) → 200 {"enabled", "backups": [{"file","kind","size","createdAt"}], "health"}, newest first. */
backups.get("/", async (c) => {
  const result = await backupOverview(c.get("db"), { admin: c.get("admin"), dir: c.get("backupDir") });
  if (!result.ok) return codeRefusal(c, result.code, backupMessages[result.code]);
  return c.json(result.value);
});

/** POST /api/v1/admin/backups (owner) → 201 {"file","size","createdAt"}: 'Jetzt sichern'. */
backups.post("/", async (c) => {
  const result = await backUpNow(c.get("db"), { admin: c.get("admin"), dir: c.get("backupDir"), now: new Date() });
  if (!result.ok) return codeRefusal(c, result.code, backupMessages[result.code]);
  const { file, size, createdAt } = result.value;
  return c.json({ file, size, createdAt }, 201);
});

/** GET /api/v1/admin/backups/:file (owner) → the backup file as a download; only a backup's own name, never a path. */
backups.get("/:file", (c) => {
  const result = backupDownload({ admin: c.get("admin"), dir: c.get("backupDir"), file: c.req.param("file") });
  if (!result.ok) return codeRefusal(c, result.code, backupMessages[result.code]);
  const { path, file } = result.value;
  const stream = Readable.toWeb(fs.createReadStream(path)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, {
    "Content-Type": "application/sql; charset=utf-8",
    "Content-Disposition": `attachment; filename="${file}"`,
    "Content-Length": String(fs.statSync(path).size),
  });
});
