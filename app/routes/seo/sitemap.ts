import { canonicalOrigin, publicPages } from "~/lib/seo";

/** The six public pages; canonical URLs on the configured public origin. */
export function loader() {
  const origin = canonicalOrigin();
  const urls = Object.values(publicPages)
    .map((page) => `  <url><loc>${origin}${page.path}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
