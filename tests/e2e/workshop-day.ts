/**
 * A full day of the workshop for the planner's and the day list's browser tests (issue 27), entered by the
 * seed (seed.ts) before the server starts: a Tuesday beyond the booking horizon, so no customer and no other
 * spec books on it: 22 appointments on the three lifts, the inspection place and without a lift, placed by
 * the database's own place_appointment (placeAll), one more that holds nothing ('Ohne Zuordnung') and one
 * cancelled; a lift out of service from 16:30 that day and a mechanic on holiday from the next day.
 */
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appointments, resourceAbsences, resources } from "~/db/schema";
import { addDays, weekday } from "~/domain/calendar-date";
import { closureReason } from "~/domain/slots";
import { placeAll } from "~/services/placement.server";
import { enterDefaultResources } from "~/services/resources.server";
import { siteVisitFacts } from "../support/slot-rules";
import { e2eDataDir, sessionPoolDir } from "./accounts";
import { daysAhead, serverRules } from "./booking-days";

const FILE = "workshop-day.json";

type Entry = {
  time: string;
  service: string;
  minutes?: number;
  name: string;
  status?: "beantragt" | "bestätigt" | "storniert";
  plate?: string;
  car?: string;
  km?: number;
  note?: string;
  message?: string;
  pickup?: string;
  courtesyCar?: boolean;
  /** Imported when nothing was free: not placed. */
  unplaced?: boolean;
};

/** Three mechanics' day: never more than three jobs, three on lifts and one on the inspection place at a time. */
const DAY: Entry[] = [
  {
    time: "08:00",
    service: "Reparaturen",
    minutes: 120,
    name: "Katharina Gruber",
    status: "bestätigt",
    plate: "W-4711 KG",
    car: "VW Golf VII",
    km: 148230,
    note: "Bremsen vorne und hinten, Auspuff prüfen",
    courtesyCar: true,
  },
  {
    time: "08:00",
    service: "§57a Überprüfung",
    minutes: 60,
    name: "Stefan Huber",
    status: "bestätigt",
    plate: "W-2231 SH",
    car: "Škoda Octavia Combi",
    km: 201400,
  },
  { time: "08:00", service: "Ölwechsel", name: "Maria Bauer", plate: "NK-341 AB", car: "Toyota Yaris" },
  {
    time: "08:30",
    service: "Reifenservice",
    name: "Lukas Wagner",
    status: "bestätigt",
    plate: "W-88 LW",
    message: "Winterreifen liegen im Kofferraum",
  },
  {
    time: "09:00",
    service: "§57a Überprüfung",
    minutes: 60,
    name: "Sophie Müller",
    status: "bestätigt",
    plate: "MD-12 SM",
    car: "Opel Corsa",
  },
  { time: "09:00", service: "Wartung", minutes: 60, name: "Tobias Pichler", plate: "W-5120 TP", car: "Ford Focus", km: 64100 },
  { time: "10:00", service: "Wartung", minutes: 60, name: "Julia Steiner", status: "bestätigt", plate: "BN-77 JS", car: "Renault Clio" },
  { time: "10:00", service: "Bremsenservice", name: "Florian Moser", plate: "W-3030 FM", note: "Quietschen hinten links" },
  {
    time: "10:00",
    service: "Reparaturen",
    minutes: 120,
    name: "Andreas Mayer",
    status: "bestätigt",
    plate: "W-9001 AM",
    car: "BMW 320d",
    km: 187900,
    note: "Klimaanlage kühlt nicht",
    pickup: "Favoritenstraße 120, 1100 Wien",
  },
  { time: "10:30", service: "§57a Überprüfung", minutes: 60, name: "Elena Hofer", plate: "W-6543 EH", car: "Mazda 3" },
  { time: "11:00", service: "Reifenservice", name: "Markus Leitner", status: "bestätigt", plate: "G-202 ML" },
  {
    time: "11:30",
    service: "Elektrik",
    name: "Sabine Berger",
    plate: "W-1200 SB",
    car: "Fiat 500",
    message: "Lichtmaschine? Batterie leer nach zwei Tagen",
  },
  {
    time: "13:00",
    service: "Reparaturen",
    minutes: 120,
    name: "Thomas Fuchs",
    status: "bestätigt",
    plate: "W-7722 TF",
    car: "VW Touran",
    km: 99000,
    note: "Zahnriemen, Teile bestellt",
  },
  { time: "13:00", service: "§57a Überprüfung", minutes: 60, name: "Christina Eder", status: "bestätigt", plate: "L-404 CE" },
  { time: "13:00", service: "Elektrik", name: "Michael Fischer", plate: "W-3141 MF" },
  { time: "13:30", service: "Wartung", minutes: 60, name: "Lena Schmid", plate: "S-55 LS", car: "Hyundai i30" },
  { time: "14:00", service: "Express-Service", name: "Paul Winkler", status: "bestätigt", plate: "W-6060 PW" },
  { time: "14:30", service: "Wartung", minutes: 60, name: "Laura Weber", plate: "W-2468 LW", car: "Seat Ibiza", km: 45300 },
  { time: "15:00", service: "Wartung", minutes: 60, name: "David Schwarz", status: "bestätigt", plate: "K-909 DS" },
  { time: "15:00", service: "Bremsenservice", name: "Anna Maier", plate: "W-1357 AM", car: "Dacia Sandero" },
  { time: "16:00", service: "Ölwechsel", name: "Elias Schneider", status: "bestätigt", plate: "W-8642 ES" },
  { time: "16:30", service: "Reifenservice", name: "Nina Reiter", plate: "W-9753 NR", car: "Kia Ceed" },
  {
    time: "17:00",
    service: "Wartung",
    name: "Georg Altbestand",
    status: "bestätigt",
    plate: "W-1111 GA",
    note: "Aus dem alten System übernommen",
    unplaced: true,
  },
  { time: "12:00", service: "Ölwechsel", name: "Rita Abgesagt", status: "storniert", plate: "W-2222 RA" },
];

/** A Tuesday beyond the booking horizon (90 days) on which the workshop is open all day. */
function workshopDate(): string {
  let date = daysAhead(95);
  while (weekday(date) !== 2 || closureReason(date, serverRules) !== undefined) date = addDays(date, 1);
  return date;
}

/**
 * Enters the workshop's resources as the server's first start would (no appointments yet: three lifts, one
 * inspection place, three mechanics, one courtesy car; the start then leaves them), then the day. Returns its date.
 */
export async function seedWorkshopDay(db: Database, dataDir: string): Promise<string> {
  await enterDefaultResources(db, { slotCapacity: 1, now: new Date() });
  const date = workshopDate();
  // Booked weeks ago: today's count of online requests (the board's warning) stays the specs' own.
  const createdAt = new Date(Date.now() - 14 * 24 * 60 * 60 * 1000);
  const rows = await db
    .insert(appointments)
    .values(
      DAY.map((entry, index) => ({
        name: entry.name,
        email: `tag-${index}@example.at`,
        phone: `0676 55${String(index).padStart(5, "0")}`,
        date,
        time: entry.time,
        service: entry.service,
        durationMinutes: entry.minutes ?? 30,
        status: entry.status ?? "beantragt",
        licensePlate: entry.plate ?? null,
        licensePlateNormalized: entry.plate?.replace(/[\s-]/g, "") ?? null,
        vehicleModel: entry.car ?? null,
        mileageKm: entry.km ?? null,
        internalNote: entry.note ?? null,
        message: entry.message ?? null,
        handover: entry.pickup ? ("pickup" as const) : null,
        pickupAddress: entry.pickup ?? null,
        courtesyCar: entry.courtesyCar ?? false,
        createdAt,
      })),
    )
    .returning();
  const found = await db
    .select()
    .from(resources)
    .where(inArray(resources.name, ["Hebebühne 3", "Mechaniker:in 2"]));
  const idOf = (name: string) => found.find((resource) => resource.name === name)!.id;
  await db.insert(resourceAbsences).values([
    { resourceId: idOf("Hebebühne 3"), fromDate: date, toDate: date, startTime: "16:30", reason: "Service" },
    { resourceId: idOf("Mechaniker:in 2"), fromDate: addDays(date, 1), toDate: addDays(date, 3), reason: "Urlaub" },
  ]);
  const toPlace = rows.filter((row, index) => row.status !== "storniert" && !DAY[index]!.unplaced);
  // In time order (`confirmed` only orders): the day is planned to fit.
  const unplaced = await placeAll(
    db,
    toPlace.map((row) => ({ ...row, confirmed: false })),
    siteVisitFacts,
  );
  if (unplaced.length > 0) throw new Error(`workshop day: not placed ${JSON.stringify(unplaced)}`);
  fs.writeFileSync(path.join(sessionPoolDir(dataDir), FILE), JSON.stringify({ date }));
  return date;
}

/** The day the seed entered (for the specs). */
export function workshopDay(): { date: string; names: string[] } {
  const { date } = JSON.parse(fs.readFileSync(path.join(sessionPoolDir(e2eDataDir), FILE), "utf8")) as { date: string };
  return { date, names: DAY.map((entry) => entry.name) };
}
