import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // No prerendering: the public content pages show the workshop's facts from the database and are
  // rendered at request time, kept per facts version by server/page-cache.ts (decision 048).
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
