import { useEffect, useRef } from "react";
import { data, Form, Link, NavLink, Outlet, PrefetchPageLinks, type ShouldRevalidateFunction, useLocation, useMatches } from "react-router";
import { clearFlashCookie, flashMessages, readFlash } from "~/auth/flash";
import { adminPagesGuard } from "~/auth/guard.server";
import { unanswered } from "~/components/admin/action-result";
import { LoadError, loadFailureOf } from "~/components/admin/load-error";
import { Button } from "~/components/ui/button";
import { DisclosureSummary } from "~/components/ui/disclosure";
import { adminContext, databaseContext } from "~/context";
import { cn } from "~/lib/cn";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { showSuccessToast } from "~/lib/toaster";
import { useHydrated } from "~/lib/use-hydrated";
import { backupMessages, onlineRequestsNotice } from "~/messages";
import { ErrorScreen } from "~/root";
import { outboxHealth } from "~/services/admin-emails.server";
import { backupHealth } from "~/services/backups.server";
import { type OnlineRequestAlert, onlineRequestAlert } from "~/services/online-requests.server";
import type { Route } from "./+types/layout";

/** The one layout of every admin page: its guard requires a session for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [adminPagesGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const flash = readFlash(request);
  const db = context.get(databaseContext);
  const [health, requests, backup] = await Promise.all([
    outboxHealth(db),
    onlineRequestAlert(db, new Date()),
    // The owner hears of a failed backup on every page of the board (decision 041).
    admin.role === "owner" ? backupHealth(db) : undefined,
  ]);
  const backupFailedAt = backup?.status === "failed" ? backup.at : null;
  return data(
    { admin: { email: admin.email, displayName: admin.displayName, role: admin.role }, health, requests, backupFailedAt, flash },
    flash ? { headers: { "Set-Cookie": clearFlashCookie() } } : undefined,
  );
}

/**
 * Always re-check the session, also when only a child's data changes; not after
 * an action that got no answer (connection dropped, server failed): nothing changed.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult }) => !unanswered(actionResult);

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:inline-flex max-md:min-h-11 max-md:items-center",
    isActive ? "bg-secondary text-secondary-foreground" : "hover:bg-accent hover:text-accent-foreground",
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin, health, requests, backupFailedAt, flash } = loaderData;
  const hydrated = useHydrated();
  const welcome = flash ? flashMessages[flash] : null;
  useEffect(() => {
    if (welcome) showSuccessToast(welcome.title, { description: welcome.description });
  }, [welcome]);
  useEffect(() => {
    lastShell = { admin, health, requests, backupFailedAt };
  }, [admin, health, requests, backupFailedAt]);

  return (
    <AdminShell admin={admin} health={health} requests={requests} backupFailedAt={backupFailedAt}>
      {welcome && !hydrated ? (
        <div role="status" className="rounded-md border border-green-600 bg-green-100 p-3 text-sm text-green-950">
          <p className="font-semibold">{welcome.title}</p>
          <p>{welcome.description}</p>
        </div>
      ) : null}
      {/* The pages' scripts in advance: a page whose script is missing when the connection drops reloads into the browser's offline page.
          Only once hydrated: on the server each one matches the whole route tree again, on every admin page (decision 050). */}
      {hydrated ? (
        <>
          <PrefetchPageLinks page="/admin" />
          <PrefetchPageLinks page="/admin/emails" />
        </>
      ) : null}
    </AdminShell>
  );
}

type ShellData = Pick<Awaited<ReturnType<typeof loader>>["data"], "admin" | "health" | "requests" | "backupFailedAt">;

/**
 * What the shell showed last, in the browser: a failed request drops the
 * layout's data (React Router resets an errored route's loaderData), yet the
 * header and navigation should stay as they were.
 */
let lastShell: ShellData | null = null;

/**
 * A failed load (e.g. the connection dropped while switching tabs) fails this
 * layout's request too: the page's own message and 'Erneut versuchen' appear
 * inside the admin shell as it was last drawn. Without it (the document
 * request itself failed) the site's error screen.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const last = lastShell;
  const matches = useMatches();
  if (!last) {
    return (
      <main>
        <ErrorScreen error={error} />
      </main>
    );
  }
  return (
    <AdminShell
      admin={last.admin}
      health={last.health}
      requests={last.requests}
      backupFailedAt={last.backupFailedAt}
      failure={<LoadError message={loadFailureOf(matches)} error={error} />}
    />
  );
}

/**
 * Header, e-mail health and navigation around the page (or around its load failure). On a phone
 * (issue 26) the page comes first: the account's buttons and the navigation fold into 'Menü', and the
 * e-mail notice shows only when there is something to look at ('E-Mails' in the menu has the rest);
 * from md up all are in view. The buttons and the navigation are in the HTML twice and CSS shows one,
 * as the board's list does; the hidden one is out of the accessibility tree and the tab order.
 */
function AdminShell({
  admin,
  health,
  requests,
  backupFailedAt,
  failure,
  children,
}: ShellData & { failure?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 max-md:gap-4 max-md:py-4 print:max-w-none print:gap-2 print:p-0">
      {/* Printed (the day list), only the page itself: no header, notices or navigation. */}
      <header className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-3xl font-bold max-md:text-2xl">Admin-Board</h1>
          <p className="text-sm text-muted-foreground max-md:hidden">Angemeldet als {admin.displayName}</p>
        </div>
        <AccountActions className="max-md:hidden" />
        <PhoneMenu>
          <p className="text-sm text-muted-foreground">Angemeldet als {admin.displayName}</p>
          <AdminNavigation role={admin.role} className="flex-col" />
          <AccountActions />
        </PhoneMenu>
      </header>
      <div className="contents print:hidden">
        {children}
        {requests ? <OnlineRequestsNotice {...requests} /> : null}
        {backupFailedAt ? <BackupFailedNotice at={backupFailedAt} /> : null}
        <EmailHealthNotice
          pending={health.pending}
          failed={health.failed}
          className={health.pending === 0 && health.failed === 0 ? "max-md:hidden" : undefined}
        />
      </div>
      <AdminNavigation role={admin.role} className="max-md:hidden print:hidden" />
      <main>{failure ?? <Outlet />}</main>
    </div>
  );
}

function AccountActions({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button asChild variant="outline">
        <Link to="/">Zur Startseite</Link>
      </Button>
      <Form method="post" action="/admin/abmelden">
        <Button type="submit" variant="secondary">
          Abmelden
        </Button>
      </Form>
    </div>
  );
}

function AdminNavigation({ role, className }: { role: ShellData["admin"]["role"]; className?: string }) {
  return (
    <nav aria-label="Admin-Bereich" className={cn("flex flex-wrap gap-2", className)}>
      <NavLink to="/admin" end className={navClass}>
        Termine
      </NavLink>
      <NavLink to="/admin/planer" className={navClass}>
        Wochenplaner
      </NavLink>
      <NavLink to="/admin/tagesliste" className={navClass}>
        Tagesliste
      </NavLink>
      <NavLink to="/admin/emails" className={navClass}>
        E-Mails
      </NavLink>
      {/* Every admin reads the workshop's resources; only the owner changes them. */}
      <NavLink to="/admin/werkstatt" className={navClass}>
        Werkstatt
      </NavLink>
      <NavLink to="/admin/einstellungen" className={navClass}>
        Einstellungen
      </NavLink>
      {role === "owner" ? (
        <>
          <NavLink to="/admin/schliesstage" className={navClass}>
            Schließtage
          </NavLink>
          <NavLink to="/admin/team" className={navClass}>
            Team
          </NavLink>
          <NavLink to="/admin/sicherungen" className={navClass}>
            Sicherungen
          </NavLink>
        </>
      ) : null}
      <NavLink to="/admin/sicherheit" className={navClass}>
        Sicherheit
      </NavLink>
    </nav>
  );
}

/**
 * 'Menü' on a phone: a `<details>`, so it opens and closes without JavaScript. With it, the menu also
 * closes when a page of it opens, on a tap outside it and on Escape (back to 'Menü').
 */
function PhoneMenu({ children }: { children: React.ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [location]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.querySelector("summary")?.focus();
      } else if (event.target instanceof Node && details.contains(event.target)) {
        return;
      }
      details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={menu} className="group relative md:hidden print:hidden">
      <DisclosureSummary>Menü</DisclosureSummary>
      <div className="absolute right-0 top-full z-40 mt-2 grid w-72 max-w-[calc(100vw-2rem)] gap-3 rounded-md border border-border bg-card p-3 text-card-foreground shadow-lg">
        {children}
      </div>
    </details>
  );
}

/** Where the seed asked the owner to watch cloud usage: is e-mail getting out? */
function EmailHealthNotice({ pending, failed, className }: { pending: number; failed: number; className?: string }) {
  const problem = failed > 0;
  return (
    <section
      aria-label="E-Mail-Zustellung"
      className={cn(
        "rounded-md border p-3 text-sm",
        problem ? "border-destructive bg-red-100 text-red-950" : "border-border bg-muted text-foreground",
        className,
      )}
    >
      <p>
        <span className="font-semibold">E-Mail-Zustellung: </span>
        {pending === 0 && failed === 0 ? "Alle E-Mails wurden zugestellt." : `${pending} ausstehend, ${failed} fehlgeschlagen. `}
        {pending > 0 || failed > 0 ? (
          <Link to="/admin/emails" className="font-medium underline underline-offset-4">
            E-Mails ansehen
          </Link>
        ) : null}
      </p>
    </section>
  );
}

/** The last backup failed (decision 041): the owner sees it on every page until one succeeds. */
function BackupFailedNotice({ at }: { at: string }) {
  return (
    <section aria-label="Sicherung" className="rounded-md border border-destructive bg-red-100 p-3 text-sm text-red-950">
      <p>
        <span className="font-semibold">{backupMessages.failedNotice(formatDateTimeVienna(at))} </span>
        <Link to="/admin/sicherungen" className="font-medium underline underline-offset-4">
          Sicherungen ansehen
        </Link>
      </p>
    </section>
  );
}

/** More online booking requests today than the owner expects (BOOKING_ALERT_PER_DAY): maybe someone filling the calendar. */
function OnlineRequestsNotice({ count, threshold }: OnlineRequestAlert) {
  return (
    <section aria-label="Online-Anfragen" className="rounded-md border border-destructive bg-red-100 p-3 text-sm text-red-950">
      <p>
        <span className="font-semibold">Ungewöhnlich viele Online-Anfragen. </span>
        {onlineRequestsNotice(count, threshold)}{" "}
        <Link to="/admin?status=beantragt" className="font-medium underline underline-offset-4">
          Offene Anfragen ansehen
        </Link>
      </p>
    </section>
  );
}
