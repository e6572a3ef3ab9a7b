/**
 * The personal page with 6 findings photos under Lighthouse (issue 30: mobile LCP < 1.5 s):
 * `npx tsx bench/findings-page.ts`. Seeds a fresh PGlite (today's confirmed appointment, three sent
 * findings with 3 + 2 + 1 photos re-encoded by the app's own pipeline from 12-megapixel camera-sized
 * JPEGs, a personal link), starts the production server (BUILD_DIR, default `build`; build first) and
 * runs Lighthouse 12 (performance, mobile, its default simulated slow 4G and 4× CPU slowdown) in
 * /usr/bin/chromium BENCH_LIGHTHOUSE_RUNS times (default 3): each run's LCP, FCP, CLS and score, and
 * the median LCP. BENCH_KEEP_SERVER=1 leaves the server running afterwards with its URL printed (for
 * a look in a browser), until Ctrl-C.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { site } from "~/config/site";
import { openDatabase } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { zonedParts } from "~/domain/calendar-date";
import type { FindingFields } from "~/domain/findings";
import { processPhoto, type StoredPhoto } from "~/services/finding-photos.server";
import { createFinding, sendFindings } from "~/services/findings.server";
import { createAdminIdentity, insertAppointment } from "../tests/support/factories";
import { startServer } from "../tests/support/server-process";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const buildDir = process.env.BUILD_DIR ?? "build";
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * A 12-megapixel JPEG as a phone takes it: smooth areas with some grain (pure noise would make
 * every stored photo ~1 MB, which no real photo of a brake disc is).
 */
async function cameraPhoto(seed: number): Promise<Uint8Array> {
  const grain = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: "#777", noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .blur(4)
    .tint({ r: 90 + seed * 25, g: 110, b: 140 - seed * 10 })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(grain);
}

async function storedPhotos(count: number, seed: number): Promise<StoredPhoto[]> {
  const photos: StoredPhoto[] = [];
  for (let index = 0; index < count; index++) {
    const result = await processPhoto(await cameraPhoto(seed + index));
    if (!result.ok) throw new Error(`photo refused: ${result.code}`);
    photos.push(result.value);
  }
  return photos;
}

const FINDINGS: { fields: FindingFields; photos: number }[] = [
  {
    fields: {
      title: "Bremsbeläge vorne",
      description: "Nur noch 2 mm Belagstärke, Verschleißgrenze erreicht.",
      priceCents: 18000,
      urgency: "now",
    },
    photos: 3,
  },
  { fields: { title: "Bremsscheiben vorne", description: "Riefen und Rand.", priceCents: 32000, urgency: "soon" }, photos: 2 },
  { fields: { title: "Scheibenwischerblätter", description: null, priceCents: 3500, urgency: "watch" }, photos: 1 },
];

/** The seeded data folder and the personal link's path. */
async function seed(dataDir: string): Promise<string> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const today = zonedParts(new Date(), site.timeZone).date;
    const appointment = await insertAppointment(database.db, { status: "bestätigt", date: today, email: "anna@example.at" });
    const admin = await createAdminIdentity(database.db, { email: "bench@happycar.example", displayName: "Bench" });
    let seedValue = 0;
    for (const finding of FINDINGS) {
      const photos = await storedPhotos(finding.photos, (seedValue += finding.photos));
      const created = await createFinding(database.db, { appointmentId: appointment.id, admin, fields: finding.fields, photos });
      if (!created.ok) throw new Error(`finding refused: ${created.code}`);
    }
    const sent = await sendFindings(database.db, { appointmentId: appointment.id, admin, workshopEmail: "werkstatt@happycar.example" });
    if (!sent.ok) throw new Error(`sending refused: ${sent.code}`);
    return `/termin/${await createCustomerLink(database.db, appointment.id, new Date())}`;
  } finally {
    await database.close();
  }
}

type Audit = { numericValue?: number; details?: { items?: { items?: { node?: { nodeLabel?: string } }[] }[] } };
type LighthouseResult = { audits: Record<string, Audit>; categories: { performance: { score: number } } };

function lighthouse(url: string, outputPath: string): LighthouseResult {
  execFileSync(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      url,
      "--only-categories=performance",
      "--form-factor=mobile",
      `--chrome-path=${chromium}`,
      "--chrome-flags=--headless --no-sandbox --disable-gpu",
      "--output=json",
      `--output-path=${outputPath}`,
      "--quiet",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  return JSON.parse(fs.readFileSync(outputPath, "utf8")) as LighthouseResult;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-bench-findings-page-"));
  const dataDir = path.join(dir, "data");
  const pagePath = await seed(dataDir);
  const server = await startServer({
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    EMAIL_WORKER: "false",
    PORT: process.env.PORT ?? "4330",
  });
  const url = `${server.origin}${pagePath}`;
  try {
    const lcps: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const report = lighthouse(url, path.join(dir, `lighthouse-${run}.json`));
      const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      lcps.push(value("largest-contentful-paint"));
      console.log(
        `run ${run}: LCP ${value("largest-contentful-paint").toFixed(0)} ms, FCP ${value("first-contentful-paint").toFixed(0)} ms, ` +
          `CLS ${value("cumulative-layout-shift").toFixed(3)}, score ${Math.round(report.categories.performance.score * 100)}, ` +
          `LCP element „${report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? "?"}“`,
      );
    }
    const lcp = median(lcps);
    console.log(
      `the personal page with 6 findings photos, Lighthouse mobile: median LCP ${lcp.toFixed(0)} ms over ${RUNS} runs ` +
        `(target < 1500 ms): ${lcp < 1500 ? "met" : "NOT met"}`,
    );
    if (lcp >= 1500) process.exitCode = 1;
    if (process.env.BENCH_KEEP_SERVER === "1") {
      console.log(`serving ${url} until Ctrl-C`);
      await new Promise((resolve) => process.once("SIGINT", resolve));
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
