import crypto from "node:crypto";
import type { RequestHandler } from "express";

/** The only third party the site talks to, and only after the visitor asks for the map. */
export const MAP_ORIGIN = "https://www.openstreetmap.org";

export function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }): string {
  return policy(`'nonce-${nonce}'`, dev);
}

/** For a cached page: its inline scripts are allowed by their SHA-256 hashes instead of a nonce. */
export function hashedContentSecurityPolicy(inlineScripts: string[], { dev }: { dev: boolean }): string {
  const hashes = inlineScripts.map((script) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`);
  return policy([...new Set(hashes)].join(" "), dev);
}

function policy(scriptSource: string, dev: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self'${scriptSource ? ` ${scriptSource}` : ""}${dev ? " 'unsafe-eval'" : ""}`,
    // Tailwind ships one stylesheet; sonner and Radix set inline style attributes.
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    `frame-src ${MAP_ORIGIN}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ];
  return directives.join("; ");
}

export type SecurityHeaderOptions = {
  dev: boolean;
  /** NODE_ENV=production: only then is HSTS sent (a developer's localhost must not be pinned to HTTPS). */
  production: boolean;
  /** PUBLIC_URL is https: the site is always reached over TLS, even if the proxy does not say so. */
  httpsPublicUrl: boolean;
};

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/** The headers every response carries, whatever it is; HSTS only over HTTPS in production. */
export function fixedSecurityHeaders(
  { production, httpsPublicUrl }: Omit<SecurityHeaderOptions, "dev">,
  secure: boolean,
): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  if (production && (httpsPublicUrl || secure)) {
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  }
  return headers;
}

/** For responses without inline scripts (files, cached answers): no nonce to allow. */
export function staticContentSecurityPolicy({ dev }: { dev: boolean }): string {
  return policy("", dev);
}

export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const overHttp = fixedSecurityHeaders(options, false);
  const overHttps = fixedSecurityHeaders(options, true);
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    for (const [name, value] of req.secure ? overHttps : overHttp) res.setHeader(name, value);
    const admin = /^\/(admin|api\/v1\/admin)/.test(req.path); // also /admin-login
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (admin) res.setHeader("Cache-Control", "no-store");
      else if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
