import { databaseContext } from "~/context";
import { canonicalOrigin, publicPages } from "~/lib/seo";
import { publicWorkshopFacts } from "~/services/public-facts.server";
import type { Route } from "./+types/sitemap";

/**
 * The six public pages; canonical URLs on the configured public origin. Before go-live (an
 * Impressum or contact fact still an example, decision 048) the pages say noindex, and the
 * sitemap lists none of them: nothing is offered to search engines that they are asked not to keep.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { facts } = await publicWorkshopFacts(context.get(databaseContext));
  const origin = canonicalOrigin();
  const urls = facts.preLaunch
    ? ""
    : `${Object.values(publicPages)
        .map((page) => `  <url><loc>${origin}${page.path}</loc></url>`)
        .join("\n")}\n`;
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
  return new Response(body, {
    // Short: a change on 'Einstellungen' (go-live) reaches the crawlers' next visit, not an hour later.
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
