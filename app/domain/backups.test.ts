import { describe, expect, it } from "vitest";
import { backupFileName, BACKUPS_KEPT, backupsToPrune, dueNight, parseBackupFileName } from "./backups";

const VIENNA = "Europe/Vienna";

describe("dueNight", () => {
  it.each([
    // Winter (CET, UTC+1): 03:00 Vienna is 02:00 UTC.
    ["2026-11-27T01:59:59Z", null],
    ["2026-11-27T02:00:00Z", "2026-11-27"],
    ["2026-11-27T22:59:59Z", "2026-11-27"],
    // 23:00 UTC is already the next Vienna day, before its 03:00.
    ["2026-11-27T23:00:00Z", null],
    // Summer (CEST, UTC+2): 03:00 Vienna is 01:00 UTC.
    ["2026-07-01T00:59:00Z", null],
    ["2026-07-01T01:00:00Z", "2026-07-01"],
    // Spring forward, 29 March 2026: 02:00 jumps to 03:00 CEST (= 01:00 UTC); 03:00 comes once.
    ["2026-03-29T00:59:59Z", null],
    ["2026-03-29T01:00:00Z", "2026-03-29"],
    // Fall back, 25 October 2026: 03:00 CEST becomes 02:00 CET, the hour 02:00–03:00 runs twice, 03:00 CET (02:00 UTC) once.
    ["2026-10-25T00:30:00Z", null],
    ["2026-10-25T01:30:00Z", null],
    ["2026-10-25T02:00:00Z", "2026-10-25"],
  ])("at %s the night due is %s", (instant, expected) => {
    expect(dueNight(new Date(instant), VIENNA)).toBe(expected);
  });
});

describe("dueNight for a database without a nightly backup yet", () => {
  it("waits for a 03:00 the server sees: due until 03:15 only, not at a start later that day", () => {
    const first = (instant: string) => dueNight(new Date(instant), VIENNA, { catchUp: false });
    expect(first("2026-11-27T02:00:00Z")).toBe("2026-11-27");
    expect(first("2026-11-27T02:14:59Z")).toBe("2026-11-27");
    expect(first("2026-11-27T02:15:00Z")).toBeNull();
    expect(first("2026-11-27T17:00:00Z")).toBeNull();
    // With a nightly backup before, a server that was down at 03:00 catches up when it is up again.
    expect(dueNight(new Date("2026-11-27T17:00:00Z"), VIENNA, { catchUp: true })).toBe("2026-11-27");
  });
});

describe("backup file names", () => {
  it("name the kind and the moment in UTC, and read back", () => {
    const at = new Date("2026-11-27T02:00:05.123Z");
    const file = backupFileName("nightly", at);
    expect(file).toBe("happy-car-2026-11-27T020005.123Z-nightly.sql");
    expect(parseBackupFileName(file)).toEqual({ kind: "nightly", at });
    expect(parseBackupFileName(backupFileName("pre-migration", at))?.kind).toBe("pre-migration");
  });

  it.each([
    "../happy-car-2026-11-27T020005.123Z-nightly.sql",
    "happy-car-2026-11-27T020005.123Z-nightly.sql.partial",
    "happy-car-2026-11-27T020005.123Z-nightly.sql/../../secret.key",
    "secret.key",
    "..",
    "happy-car-2026-13-45T990000.000Z-manual.sql",
    "happy-car-2026-11-27T020005.123Z-other.sql",
  ])("refuse %s", (name) => {
    expect(parseBackupFileName(name)).toBeNull();
  });
});

describe("backupsToPrune", () => {
  it("keeps the 14 newest of each kind and names nothing else", () => {
    const start = Date.UTC(2026, 0, 1, 2);
    const nightly = Array.from({ length: 16 }, (_, day) => backupFileName("nightly", new Date(start + day * 86_400_000)));
    const manual = [backupFileName("manual", new Date(start))];
    const names = [...nightly, ...manual, "notes.txt", `${nightly[0]}.partial`].sort(() => 0.5 - Math.random());
    expect(BACKUPS_KEPT).toBe(14);
    expect(backupsToPrune(names).sort()).toEqual([nightly[0], nightly[1]]);
  });
});
