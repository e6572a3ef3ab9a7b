import crypto from "node:crypto";
import type { RequestHandler } from "express";

/** The only third party the site talks to, and only after the visitor asks for the map. */
export const MAP_ORIGIN = "https://www.openstreetmap.org";

export function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
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

export function securityHeaders({ dev, hsts }: { dev: boolean; hsts: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { dev }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (hsts && (req.secure || !dev)) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (req.path.startsWith("/admin") || req.path.startsWith("/api/v1/admin")) {
      res.setHeader("Cache-Control", "no-store");
    }
    next();
  };
}
