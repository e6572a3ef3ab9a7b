import ipaddr from "ipaddr.js";

/**
 * The network a client's address stands for when counting its requests: an IPv4 address itself,
 * an IPv6 address by its /64, which one connection gets whole (anyone can rotate through it in
 * seconds, so counting single IPv6 addresses would limit nothing). An IPv4 address written as
 * IPv6 (::ffff:…) counts as that IPv4 address; anything unreadable as given.
 */
export function clientNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}

/**
 * An address as an account's list of sessions and its new-browser e-mail show it: enough to tell the
 * workshop's network from a stranger's, not the person (IPv4 by its /24 as `203.0.113.x`, IPv6 by its
 * /48). Stored only in this form; anything unreadable shows as null.
 */
export function maskedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join(".")}.x`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${parts.join(":")}::/48`;
}
