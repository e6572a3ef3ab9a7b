import { canonicalOrigin } from "~/lib/seo";

/**
 * Crawlers may read every public page, but not the admin area. Also before go-live: a crawler
 * kept out by robots.txt would never read the pages' `noindex` and could keep listing them; the
 * pages say noindex themselves and the sitemap is empty until then (decision 048).
 */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin-login",
    "",
    `Sitemap: ${canonicalOrigin()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
