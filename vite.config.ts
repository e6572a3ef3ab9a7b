import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * sonner injects its stylesheet as a <style> element when it is imported; the
 * strict CSP (style-src 'self') blocks that and logs a violation on every page.
 * We drop the injection and ship the same CSS in our bundle (root.tsx imports
 * sonner/dist/styles.css).
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: "sonner-without-inline-style",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace(/^__insertCSS\(/m, "void (");
      if (patched === code) this.error("sonner changed: its CSS injection was not found");
      return { code: patched, map: null };
    },
  };
}

export default defineConfig({
  plugins: [sonnerWithoutInlineStyle(), tailwindcss(), reactRouter()],
  // Pre-bundled dependencies skip plugins; sonner must go through the one above.
  optimizeDeps: { exclude: ["sonner"] },
  resolve: { tsconfigPaths: true },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
});
