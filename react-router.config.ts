import type { Config } from "@react-router/dev/config";

/** The public content pages: the same for every visitor, so they are rendered once, at build time (decision 014). */
export const PRERENDERED_PAGES = ["/", "/ueber-uns", "/kontakt", "/impressum", "/datenschutz", "/agb"];

export default {
  ssr: true,
  prerender: PRERENDERED_PAGES,
  // Separate build folders let several test runs share one checkout.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The customer's page is sent with Referrer-Policy: no-referrer, so the browser posts its form
  // with `Origin: null` (Fetch standard), which React Router's own origin test would refuse with
  // 400. The server's origin check (server/origin-check.ts) runs before it on every post and lets
  // "null" through only with `Sec-Fetch-Site: same-origin` (decision 020).
  allowedActionOrigins: ["null"],
  future: {
    v8_middleware: true,
    // Loaders and actions get the request as it came: its body was already read by the root middleware.
    v8_passThroughRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
