import fs from "node:fs";
import fsPromises from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileTransport } from "./transports.server";

const message = {
  id: "22222222-2222-4222-8222-222222222222",
  recipient: "maria@example.com",
  replyTo: null,
  template: "appointment-ready",
  params: {
    name: "Maria Muster",
    email: "maria@example.com",
    date: "2026-12-01",
    time: "08:30",
    service: "Wartung",
    accessToken: "c".repeat(43),
  },
  messageId: "<ready@happycar.example>",
  appointmentId: null,
  createdAt: new Date("2026-12-01T15:00:00Z"),
};

describe("the file transport (EMAIL_TRANSPORT=file)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes each message aside and renames it, so a reader of the folder never sees half an .eml", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-file-transport-"));
    try {
      const folder = path.join(dataDir, "mail");
      const writeFile = vi.spyOn(fsPromises, "writeFile");
      await fileTransport({ DATA_DIR: dataDir, MAIL_FROM: "Happy Car <termine@happycar.example>", publicUrl: "https://x.example" }).send(
        message,
      );

      // Written under a hidden name that no .eml reader matches, then renamed in one step.
      expect(writeFile).toHaveBeenCalledTimes(1);
      expect(path.basename(String(writeFile.mock.calls[0]![0]))).toMatch(new RegExp(`^\\.${message.id}-[0-9a-f]{8}\\.eml\\.part$`));
      const files = fs.readdirSync(folder);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`-appointment-ready-${message.id}\\.eml$`));
      expect(fs.readFileSync(path.join(folder, files[0]!), "utf8")).toContain("Subject: Ihr Fahrzeug ist abholbereit");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("removes what a killed process left half-written, but not a message another process is writing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-file-transport-"));
    try {
      const folder = path.join(dataDir, "mail");
      fs.mkdirSync(folder);
      const leftover = path.join(folder, ".11111111-1111-4111-8111-111111111111-0a0b0c0d.eml.part");
      const inFlight = path.join(folder, ".33333333-3333-4333-8333-333333333333-0a0b0c0d.eml.part");
      fs.writeFileSync(leftover, "From: halb");
      fs.writeFileSync(inFlight, "From: halb");
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      fs.utimesSync(leftover, twoMinutesAgo, twoMinutesAgo);
      await fileTransport({ DATA_DIR: dataDir, MAIL_FROM: "Happy Car <termine@happycar.example>", publicUrl: "https://x.example" }).send(
        message,
      );
      const files = fs.readdirSync(folder).sort();
      expect(files).toHaveLength(2);
      expect(files[0]).toBe(path.basename(inFlight));
      expect(files[1]).toMatch(new RegExp(`-appointment-ready-${message.id}\\.eml$`));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
