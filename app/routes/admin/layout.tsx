import { useEffect } from "react";
import { data, Form, Link, NavLink, Outlet } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/layout";
import { Button } from "~/components/ui/button";
import { clearFlashCookie, flashMessages, readFlash } from "~/auth/flash";
import { adminPagesGuard } from "~/auth/guard.server";
import { adminContext, databaseContext } from "~/context";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { outboxHealth } from "~/services/admin-emails.server";

/** The one layout of every admin page: its guard requires a session for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [adminPagesGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const flash = readFlash(request);
  const health = await outboxHealth(context.get(databaseContext));
  return data(
    { admin: { email: admin.email, displayName: admin.displayName }, health, flash },
    flash ? { headers: { "Set-Cookie": clearFlashCookie() } } : undefined,
  );
}

/** Always re-check the session, also when only a child's data changes. */
export const shouldRevalidate = () => true;

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    isActive ? "bg-secondary text-secondary-foreground" : "hover:bg-accent hover:text-accent-foreground",
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin, health, flash } = loaderData;
  const hydrated = useHydrated();
  const welcome = flash ? flashMessages[flash] : null;
  useEffect(() => {
    if (welcome) toast.success(welcome.title, { description: welcome.description });
  }, [welcome]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin-Board</h1>
          <p className="text-sm text-muted-foreground">Angemeldet als {admin.displayName}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/">Zur Startseite</Link>
          </Button>
          <Form method="post" action="/admin/abmelden">
            <Button type="submit" variant="secondary">
              Abmelden
            </Button>
          </Form>
        </div>
      </header>
      {welcome && !hydrated ? (
        <div role="status" className="rounded-md border border-green-600 bg-green-100 p-3 text-sm text-green-950">
          <p className="font-semibold">{welcome.title}</p>
          <p>{welcome.description}</p>
        </div>
      ) : null}
      <EmailHealthNotice pending={health.pending} failed={health.failed} />
      <nav aria-label="Admin-Bereich" className="flex gap-2">
        <NavLink to="/admin" end className={navClass}>
          Termine
        </NavLink>
        <NavLink to="/admin/emails" className={navClass}>
          E-Mails
        </NavLink>
      </nav>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

/** Where the seed asked the owner to watch cloud usage: is e-mail getting out? */
function EmailHealthNotice({ pending, failed }: { pending: number; failed: number }) {
  const problem = failed > 0;
  return (
    <section
      aria-label="E-Mail-Zustellung"
      className={cn(
        "rounded-md border p-3 text-sm",
        problem ? "border-destructive bg-red-100 text-red-950" : "border-border bg-muted text-foreground",
      )}
    >
      <p>
        <span className="font-semibold">E-Mail-Zustellung: </span>
        {pending === 0 && failed === 0
          ? "Alle E-Mails wurden zugestellt."
          : `${pending} ausstehend, ${failed} fehlgeschlagen. `}
        {pending > 0 || failed > 0 ? (
          <Link to="/admin/emails" className="font-medium underline underline-offset-4">
            E-Mails ansehen
          </Link>
        ) : null}
      </p>
    </section>
  );
}
