import crypto from "node:crypto";
import { createMiddleware } from "hono/factory";
import { MAP_ORIGIN } from "~/config/site";
import { themeScript } from "~/lib/theme";
import type { ServerEnv } from "./env";
import { requestProtocol, type TrustProxy } from "./forwarded";

export { MAP_ORIGIN };

/**
 * The one policy of every response. Scripts: the site's own files, the
 * request's nonce (server-rendered pages) and the hashes of the inline
 * scripts of the public pages kept per facts version (server/page-cache.ts), which carry no nonce:
 * the theme script and the site script's loader.
 */
export function contentSecurityPolicy(
  nonce: string,
  { dev, scriptSources = [], styleSources = [] }: { dev: boolean; scriptSources?: string[]; styleSources?: string[] },
): string {
  return policy([`'nonce-${nonce}'`, THEME_SCRIPT_HASH, ...scriptSources].join(" "), dev, styleSources);
}

const THEME_SCRIPT_HASH = `'sha256-${crypto.createHash("sha256").update(themeScript).digest("base64")}'`;

function policy(scriptSource: string, dev: boolean, styleSources: string[]): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self'${scriptSource ? ` ${scriptSource}` : ""}${dev ? " 'unsafe-eval'" : ""}`,
    // Tailwind ships one stylesheet, inline on the public pages (by its hash,
    // server/inline-sources.ts); sonner and Radix set inline style attributes.
    ["style-src 'self'", ...styleSources].join(" "),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    `frame-src ${MAP_ORIGIN}`,
    "frame-ancestors 'none'",
    // No page sets a <base>: an injected one could redirect every relative URL.
    "base-uri 'none'",
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
  /** Hashes of the public pages' other inline scripts (the site script's loader; server/inline-sources.ts). */
  scriptSources?: string[];
  /** Hashes of the inline stylesheets of the public pages (server/inline-sources.ts). */
  styleSources?: string[];
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

/**
 * Sets the fixed headers and a CSP with a fresh nonce (`cspNonce` for React Router) on the
 * Node response, so that every answer carries them, whoever writes it; an answer's own
 * header of the same name wins (Node's writeHead). HTTPS: see requestProtocol.
 */
export function securityHeaders(options: SecurityHeaderOptions & { trust: TrustProxy }) {
  const overHttp = fixedSecurityHeaders(options, false);
  const overHttps = fixedSecurityHeaders(options, true);
  return createMiddleware<ServerEnv>(async (c, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    const { outgoing } = c.env;
    outgoing.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    for (const [name, value] of requestProtocol(c.env.incoming, options.trust) === "https" ? overHttps : overHttp)
      outgoing.setHeader(name, value);
    await next();
  });
}
