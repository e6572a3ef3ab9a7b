import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/** Whether the hop at `address`, `index` steps from the app (0: the socket's peer), is a trusted proxy. */
export type TrustProxy = (address: string, index: number) => boolean;

/**
 * TRUST_PROXY as Express's `trust proxy` reads it (docs/deployment.md): a flag, a hop count,
 * or the list of trusted addresses and subnets (proxy-addr's names such as `loopback` included).
 */
export function compileTrustProxy(value: string): TrustProxy {
  if (value === "true") return () => true;
  if (value === "false") return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, index) => index < hops;
  }
  return proxyaddr.compile(value.split(",").map((entry) => entry.trim()));
}

/** Whether any proxy is trusted at all: only then do the forwarding headers count (server/host-check.ts). */
export function trustsAnyProxy(value: string): boolean {
  return value !== "false" && value !== "0";
}

/** The client's address: the socket's peer, or behind trusted proxies the first untrusted entry of X-Forwarded-For. */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(request, trust) || "unknown";
}

/** The first entry of a comma-separated forwarding header. */
function firstEntry(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(",")[0]?.trim() || undefined;
}

/** "https" over TLS, or when the trusted proxy in front says so in X-Forwarded-Proto; "http" otherwise. */
export function requestProtocol(request: IncomingMessage, trust: TrustProxy): "http" | "https" {
  if ("encrypted" in request.socket && request.socket.encrypted) return "https";
  if (!trust(request.socket.remoteAddress ?? "", 0)) return "http";
  return firstEntry(request.headers["x-forwarded-proto"])?.toLowerCase() === "https" ? "https" : "http";
}

/**
 * The origin the client addressed: its protocol (requestProtocol) and host, behind a trusted
 * proxy the first X-Forwarded-Host entry (server/host-check.ts has checked its form), else Host.
 */
export function requestOrigin(request: IncomingMessage, trust: TrustProxy): string {
  const forwardedHost = trust(request.socket.remoteAddress ?? "", 0) ? firstEntry(request.headers["x-forwarded-host"]) : undefined;
  return `${requestProtocol(request, trust)}://${forwardedHost ?? request.headers.host ?? "localhost"}`;
}
