import "sonner/dist/styles.css";
import "./app.css";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { Toaster } from "sonner";
import siteStyles from "virtual:site-styles";
import { useNonce } from "~/components/nonce";
import { requestContext } from "~/context";
import { themeScript } from "~/lib/theme";
import { toasterOptions } from "~/lib/toaster";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** The request id, for the error screen: a visitor who reports a failure can quote it. */
export function loader({ context }: Route.LoaderArgs) {
  return { requestId: context.get(requestContext).requestId };
}

/** The request id belongs to the document request; client navigations keep it. */
export const shouldRevalidate = () => false;

/**
 * `islands`: the route's pages are plain server HTML that loads its own small
 * script (the public site); React Router's client and its scripts stay away.
 */
export type RouteHandle = { islands?: boolean };

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const islands = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.islands);
  return (
    <html lang="de" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        {islands && siteStyles.length > 0 ? <InlineStyles /> : <Links />}
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        {islands ? null : (
          <>
            <Toaster {...toasterOptions} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The public pages in a production build: the root's links, and the public
 * stylesheet (app/site.css, only the classes of the public pages; decision 021)
 * inline instead of a render-blocking request (server/inline-styles.ts puts its
 * hash into the CSP). No route below the root declares links.
 */
function InlineStyles() {
  return (
    <>
      {links().map((link, index) => (
        <link key={index} {...link} />
      ))}
      {siteStyles.map((css, index) => (
        // The exact text of the built file: its hash is in the CSP.
        <style key={index} dangerouslySetInnerHTML={{ __html: css }} />
      ))}
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Outside the site layout (no <main> of its own there): give the screen its landmark.
  return (
    <main>
      <ErrorScreen error={error} />
    </main>
  );
}

/**
 * The seed's router error screen ('Unexpected Application Error!'), worded in
 * German below the heading: what happened, the request id, a way back.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const requestId = useRouteLoaderData<typeof loader>("root")?.requestId;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-24">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg">{errorMessage(error)}</p>
      {requestId ? <p className="mt-2 text-sm text-muted-foreground">Fehlernummer: {requestId}</p> : null}
      <a href="/" className="mt-6 inline-block font-medium underline underline-offset-4">
        Zurück zur Startseite
      </a>
    </div>
  );
}

/** A German message: the answer's own for a refused request (e.g. 413), else a general one. */
function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const message = (error.data as { error?: unknown } | undefined)?.error;
    return typeof message === "string" ? message : `Die Anfrage konnte nicht bearbeitet werden (${error.status}).`;
  }
  return "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.";
}

export function NotFound() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold tracking-tight text-primary">404</h1>
      <p className="text-xl font-medium">Oops! Page not found</p>
      <p className="max-w-md text-muted-foreground">
        Die gesuchte Seite gibt es nicht (mehr). Vielleicht hilft Ihnen die Startseite weiter.
      </p>
      <a
        href="/"
        className="mt-2 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        Zurück zur Startseite
      </a>
    </div>
  );
}
