import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import { useNonce } from "~/components/nonce";
import { themeScript } from "~/lib/theme";
import { toasterOptions } from "~/lib/toaster";
import "sonner/dist/styles.css";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

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
        <Links />
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

/** The seed's router error screen; also used by the site layout. */
export function ErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unbekannter Fehler";
  return (
    <div className="mx-auto max-w-2xl px-4 py-24">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg">{message}</p>
      {import.meta.env.DEV && error instanceof Error && error.stack ? (
        <pre className="mt-4 overflow-auto text-sm">{error.stack}</pre>
      ) : null}
    </div>
  );
}

export function NotFound() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold tracking-tight text-primary">404</h1>
      <p className="text-xl font-medium">Oops! Page not found</p>
      <p className="max-w-md text-muted-foreground">Die gesuchte Seite gibt es nicht (mehr). Vielleicht hilft Ihnen die Startseite weiter.</p>
      <a
        href="/"
        className="mt-2 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        Zurück zur Startseite
      </a>
    </div>
  );
}
