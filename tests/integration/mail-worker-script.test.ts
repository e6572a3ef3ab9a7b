import { type ChildProcess, spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { enqueueEmail } from "~/mail/outbox.server";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";
import { startSmtpSink } from "../support/smtp-sink";

function runWorker(env: Record<string, string>): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn("node_modules/.bin/tsx", ["scripts/worker.ts"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exit };
}

describe("npm run worker", () => {
  it("refuses to open the embedded PGlite database", async () => {
    const { exit, output } = runWorker({ DATA_DIR: "/tmp/hc-worker-refuses" });
    expect(await exit).toBe(1);
    expect(output()).toContain(
      "npm run worker braucht DATABASE_URL (PostgreSQL). Die eingebettete Datenbank (PGlite) darf nur der Server-Prozess öffnen",
    );
  });

  for (const kind of testDatabaseKinds.filter((k) => k === "postgres")) {
    describe("on PostgreSQL", () => {
      const database = useTestDatabase(kind);

      it("delivers queued mail and stops cleanly on SIGTERM", async () => {
        const sink = await startSmtpSink();
        try {
          const id = await database.db.transaction((tx) =>
            enqueueEmail(tx, {
              recipient: "kunde@example.com",
              template: "contact-message",
              params: { name: "Kunde", email: "kunde@example.com", message: "Hallo" },
            }),
          );
          const worker = runWorker({ DATABASE_URL: database.url!, SMTP_URL: sink.url });
          const deadline = Date.now() + 20_000;
          while (sink.messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
          expect(sink.messages).toHaveLength(1);
          worker.child.kill("SIGTERM");
          expect(await worker.exit).toBe(0);
          const [stored] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
          expect(stored!.status).toBe("sent");
          expect(worker.output()).toContain("E-Mail-Worker gestoppt");
        } finally {
          await sink.close();
        }
      });

      it("logs a recipient the SMTP server rejects without its address", async () => {
        const sink = await startSmtpSink({ rejectRecipients: /^abgelehnt@/ });
        try {
          const id = await database.db.transaction((tx) =>
            enqueueEmail(tx, {
              recipient: "abgelehnt@example.com",
              template: "contact-message",
              params: { name: "Kunde", email: "abgelehnt@example.com", message: "Hallo" },
            }),
          );
          const worker = runWorker({ DATABASE_URL: database.url!, SMTP_URL: sink.url });
          const deadline = Date.now() + 20_000;
          while (!worker.output().includes("E-Mail-Zustellung fehlgeschlagen") && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 100));
          }
          worker.child.kill("SIGTERM");
          expect(await worker.exit).toBe(0);
          const line = worker
            .output()
            .split("\n")
            .find((entry) => entry.includes("E-Mail-Zustellung fehlgeschlagen"));
          expect(line).toContain("550 <[redacted email]>: Recipient address rejected");
          expect(worker.output()).not.toContain("abgelehnt@");
          const [stored] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
          expect(stored).toMatchObject({ status: "failed", lastError: expect.not.stringContaining("abgelehnt@") as unknown });
        } finally {
          await sink.close();
        }
      });
    });
  }
});
