import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { BackToTop } from "~/components/layout/back-to-top";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { useNonce } from "~/components/nonce";
import { PublicFactsProvider } from "~/components/site/public-facts-context";
import { site } from "~/config/site";
import { databaseContext } from "~/context";
import type { PublicFacts } from "~/lib/public-facts";
import { autoRepairJsonLd, canonicalOrigin, serializeJsonLd } from "~/lib/seo";
import { siteScriptUrl } from "~/lib/site-script.server";
import { siteScriptLoader } from "~/lib/site-script-loader";
import { ErrorScreen, type RouteHandle } from "~/root";
import { publicWorkshopFacts } from "~/services/public-facts.server";
import type { Route } from "./+types/layout";

/**
 * Public pages are server-rendered HTML without React Router's client: one
 * small script adds the header, theme, back-to-top and map behaviour and
 * hydrates the forms as islands (docs/decisions/009-public-pages-as-islands.md).
 */
export const handle: RouteHandle = { islands: true };

const LAYOUT_ROUTE_ID = "routes/site/layout";

/**
 * Hands every public page the origin for canonical links and structured data, its script and the
 * workshop's facts (issue 29): from the cached facts service, no query of its own (decision 048).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { facts } = await publicWorkshopFacts(context.get(databaseContext));
  return { origin: canonicalOrigin(), siteScript: siteScriptUrl, facts };
}

/** Only used when a page fails: every page has its own meta. */
export function meta({ error }: Route.MetaArgs) {
  const title = isRouteErrorResponse(error) && error.status === 404 ? "Seite nicht gefunden" : "Fehler";
  return [{ title: `${title} – ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteFrame>
      <Outlet />
      <StructuredData origin={loaderData.origin} facts={loaderData.facts} />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <ErrorScreen error={error} />
    </SiteFrame>
  );
}

function SiteFrame({ children }: { children: React.ReactNode }) {
  // Also there when a page below failed: the layout's own loader still ran (not when it failed itself).
  const layout = useRouteLoaderData<typeof loader>(LAYOUT_ROUTE_ID);
  const siteScript = layout?.siteScript;
  return (
    <PublicFactsProvider value={layout?.facts ?? null}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Zum Inhalt springen
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <Footer />
      <BackToTop />
      {siteScript ? <SiteScript url={siteScript} /> : null}
    </PublicFactsProvider>
  );
}

/** Loads the pages' module after the first paint (decision 021); allowed by its hash, also on the pages kept without a nonce. */
function SiteScript({ url }: { url: string }) {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: siteScriptLoader(url) }} />;
}

function StructuredData({ origin, facts }: { origin: string; facts: PublicFacts }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(autoRepairJsonLd(origin, facts)) }}
    />
  );
}
