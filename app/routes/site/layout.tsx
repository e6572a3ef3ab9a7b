import { useLayoutEffect, useRef } from "react";
import { isRouteErrorResponse, Outlet, useLocation, useNavigationType } from "react-router";
import type { Route } from "./+types/layout";
import { BackToTop } from "~/components/layout/back-to-top";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { useNonce } from "~/components/nonce";
import { site } from "~/config/site";
import { autoRepairJsonLd, serializeJsonLd } from "~/lib/seo";
import { ErrorScreen } from "~/root";

/** Hands every public page the origin for canonical links and structured data. */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.publicOrigin };
}

/** Only used when a page fails: every page has its own meta. */
export function meta({ error }: Route.MetaArgs) {
  const title = isRouteErrorResponse(error) && error.status === 404 ? "Seite nicht gefunden" : "Fehler";
  return [{ title: `${title} – ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  useScrollTopOnPageChange();
  return (
    <SiteFrame>
      <Outlet />
      <StructuredData origin={loaderData.origin} />
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
  return (
    <>
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
    </>
  );
}

function StructuredData({ origin }: { origin: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(autoRepairJsonLd(origin)) }}
    />
  );
}

/**
 * A new page starts at the top at once. ScrollRestoration also resets the
 * scroll, but the site-wide `scroll-behavior: smooth` would animate that from
 * wherever the previous page was; hash targets and back/forward keep
 * ScrollRestoration's behaviour.
 */
function useScrollTopOnPageChange() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  // Layout effect: runs before paint and before ScrollRestoration's own effect.
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== "POP" && !hash) window.scrollTo({ top: 0, behavior: "instant" });
  }, [pathname, hash, navigationType]);
}
