import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let several test runs share one checkout.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_middleware: false,
  },
} satisfies Config;
