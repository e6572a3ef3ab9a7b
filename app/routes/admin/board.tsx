import { Form, Link, PrefetchPageLinks, redirect, type ShouldRevalidateFunction, useLocation, useNavigation } from "react-router";
import { stepUpRedirect } from "~/auth/guard.server";
import { ActionNotice, answerOrFailure, bodyErrorData } from "~/components/admin/action-result";
import { CancelDialog, DeleteDialog, NoScriptPanel, noScriptPanelFor } from "~/components/admin/appointment-dialogs";
import { appointmentFailure, revalidateAfterAppointmentAction } from "~/components/admin/appointment-intents";
import { AppointmentList } from "~/components/admin/appointment-list";
import { AppointmentTabs, type TabKey } from "~/components/admin/appointment-tabs";
import { BeforeLaunch } from "~/components/admin/before-launch";
import { useDialogTarget } from "~/components/admin/dialog";
import { ExportForm } from "~/components/admin/export-form";
import { type AdminRouteHandle, LoadError } from "~/components/admin/load-error";
import { Button, buttonClassName } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { DisclosureSummary } from "~/components/ui/disclosure";
import { Input, Label } from "~/components/ui/form-controls";
import { site } from "~/config/site";
import { adminContext, databaseContext } from "~/context";
import { sensitiveRefusal } from "~/domain/access";
import { type AdminAppointment, isAdminTab, type ListPeriod } from "~/domain/appointment";
import { monthOf, zonedParts } from "~/domain/calendar-date";
import { exampleValuesLeft } from "~/domain/workshop";
import { cn } from "~/lib/cn";
import { formatDateDE } from "~/lib/format-date";
import { readFormFields } from "~/lib/http.server";
import { useHydrated } from "~/lib/use-hydrated";
import { exportFormMessages, moveMessages, waitlistMessages } from "~/messages";
import { exportFileAddress, parseExportFilter } from "~/services/admin-export.server";
import { listAppointments } from "~/services/appointment-queries.server";
import { waitlistCounts } from "~/services/waitlist.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/board";
import { appointmentAction } from "./appointment-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin-Board – Happy Car" }, { name: "robots", content: "noindex, nofollow" }];

const loadFailure = "Termine konnten nicht geladen werden.";

export const handle: AdminRouteHandle = { loadFailure };

export const shouldRevalidate: ShouldRevalidateFunction = revalidateAfterAppointmentAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status") ?? "alle";
  const tab: TabKey = isAdminTab(statusParam) ? statusParam : "alle";
  const q = (params.get("q") ?? "").slice(0, 100);
  // From today on unless the past is asked for (issue 26): the oldest appointments are rarely the point.
  const period: ListPeriod = params.get("period") === "past" ? "past" : "upcoming";
  const canDelete = context.get(adminContext).role === "owner";
  // Only an owner exports too (issue 15). The export form comes here (also without JavaScript): valid
  // dates go on to the file, which the browser downloads while the board stays; otherwise the board
  // says why beside the form, which keeps the dates typed. At first it offers the current month in Vienna.
  let exportForm = null;
  if (canDelete) {
    const filter = params.get("export") === "csv" ? parseExportFilter(params) : null;
    if (filter?.ok) {
      // The file itself wants a recent check of the password or a code: confirm first, then back here and on to it.
      if (sensitiveRefusal(context.get(adminContext), new Date()) === "stepUpRequired") throw stepUpRedirect(request);
      throw redirect(exportFileAddress(filter.value));
    }
    exportForm = filter
      ? { from: params.get("from") ?? "", to: params.get("to") ?? "", error: exportFormMessages[filter.code] }
      : { ...monthOf(zonedParts(new Date(), site.timeZone).date), error: null };
  }
  const db = context.get(databaseContext);
  const [list, waitlist, facts] = await Promise.all([
    listAppointments(db, { tab, q, period, page: Number(params.get("page")) || 1 }),
    // How many wait per day (issue 28), from today on.
    waitlistCounts(db, zonedParts(new Date(), site.timeZone).date),
    workshopFacts(db),
  ]);
  // 'Vor dem Start' (decision 048): the Impressum and contact facts still site.ts's examples.
  const exampleFields = exampleValuesLeft(facts);
  // Without JavaScript the cancel and delete questions are server-rendered panels.
  const panel = noScriptPanelFor(params, list.items, canDelete);
  // A refused export re-renders the board with its form (200, as a form page does; the JSON API says 400).
  return { list, tab, q, period, panel, canDelete, exportForm, waitlist, exampleFields };
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return bodyErrorData(body.bodyError);
  return appointmentAction(request, context, body.fields);
}

/** In the browser: a dropped connection or a failed server answers as a failed action does, 'Fehler' and what failed. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  return answerOrFailure(serverAction, () => appointmentFailure(intent));
}

export default function AdminBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { list, tab, q, period, panel, canDelete, exportForm, waitlist, exampleFields } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const cancelDialog = useDialogTarget<AdminAppointment>();
  const deleteDialog = useDialogTarget<AdminAppointment>();
  const hydrated = useHydrated();

  const baseParams = { status: tab, q, period, page: String(list.page) };
  // The defaults (every status, from today on, page 1) stay out of the address.
  const href = (params: Record<string, string>) => {
    const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value && value !== "alle" && value !== "upcoming"));
    if (search.get("page") === "1") search.delete("page");
    const text = search.toString();
    return text ? `/admin?${text}` : "/admin";
  };
  const hrefWith = (extra: Record<string, string>) => href({ ...baseParams, ...extra });
  const lastPage = Math.max(1, Math.ceil(list.total / list.pageSize));
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <>
      <BeforeLaunch fields={exampleFields} />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 max-md:p-4">
          <h2 className="text-xl font-semibold leading-tight">Terminverwaltung</h2>
          {/* 'Termin eintragen' (issue 28): a plain link to the form, so it works without JavaScript. */}
          <Link to="/admin/termine/neu" className={buttonClassName({ size: "sm" })}>
            {moveMessages.enterTitle}
          </Link>
        </CardHeader>
        {/* One column no wider than the card (minmax(0, 1fr)): the wide table scrolls inside its own box, never the page. */}
        <CardContent className="grid grid-cols-1 gap-4 max-md:p-4 max-md:pt-0">
          <ActionNotice data={actionData} />
          <div className="flex flex-wrap items-end gap-2">
            {/* A phone opens the search on demand (the list comes first), unless a search is on; from md up it is always there. */}
            {q ? null : (
              <details className="group peer md:hidden">
                <DisclosureSummary>Suche</DisclosureSummary>
              </details>
            )}
            <Form
              method="get"
              role="search"
              className={cn("flex flex-wrap items-end gap-2 max-md:basis-full md:flex-1", !q && "max-md:hidden max-md:peer-open:flex")}
            >
              {tab !== "alle" ? <input type="hidden" name="status" value={tab} /> : null}
              {period === "past" ? <input type="hidden" name="period" value="past" /> : null}
              {/* A phone: label and field take the whole line, the buttons the next. */}
              <div className="grid flex-1 gap-2 max-md:basis-full">
                <Label htmlFor="admin-search">Suche nach Name, E-Mail, Telefon oder Kennzeichen</Label>
                <Input id="admin-search" type="search" name="q" defaultValue={q} maxLength={100} />
              </div>
              <Button type="submit" variant="secondary">
                Suchen
              </Button>
              {q ? (
                <Button asChild variant="ghost">
                  <Link to={href({ status: tab, period })}>Suche zurücksetzen</Link>
                </Button>
              ) : null}
            </Form>
            {/* Which appointments the tabs count and list: from today on (the default), or the past, the latest first. */}
            <nav aria-label="Zeitraum" className="flex w-fit gap-1 rounded-lg bg-muted p-1">
              {(
                [
                  ["upcoming", "Ab heute"],
                  ["past", "Vergangene"],
                ] as const
              ).map(([value, label]) => (
                <Link
                  key={value}
                  to={href({ status: tab, q, period: value })}
                  aria-current={period === value ? "true" : undefined}
                  className={cn(
                    "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors max-md:inline-flex max-md:min-h-11 max-md:items-center",
                    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    "aria-[current=true]:bg-background aria-[current=true]:text-foreground aria-[current=true]:shadow-sm",
                  )}
                >
                  {label}
                </Link>
              ))}
            </nav>
            {exportForm ? <ExportForm tab={tab} q={q} period={period} {...exportForm} className="max-md:open:basis-full" /> : null}
          </div>
          {panel ? (
            <NoScriptPanel
              kind={panel.kind}
              item={panel.item}
              closeHref={href(baseParams)}
              error={actionData && !actionData.ok && actionData.field ? actionData.message : null}
            />
          ) : null}
          <AppointmentTabs active={tab} counts={list.counts} hrefFor={(next) => href({ status: next, q, period })}>
            {loading ? (
              <p role="status" className="py-8 text-center text-muted-foreground">
                Lade Termine...
              </p>
            ) : (
              <AppointmentList
                items={list.items}
                hrefWith={hrefWith}
                onCancel={cancelDialog.open}
                onDelete={canDelete ? deleteDialog.open : undefined}
              />
            )}
            {lastPage > 1 ? (
              <nav aria-label="Seiten" className="mt-4 flex items-center justify-between gap-2 text-sm">
                {list.page > 1 ? (
                  <Link className="underline" to={hrefWith({ page: String(list.page - 1) })}>
                    Vorherige Seite
                  </Link>
                ) : (
                  <span />
                )}
                <span>
                  Seite {list.page} von {lastPage} ({list.total} Termine)
                </span>
                {list.page < lastPage ? (
                  <Link className="underline" to={hrefWith({ page: String(list.page + 1) })}>
                    Nächste Seite
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </AppointmentTabs>
          <WaitlistSummary days={waitlist} />
          {/* The details page's script in advance, so it opens (or says why not) when the connection drops; once hydrated, as the layout's. */}
          {hydrated && list.items[0] ? <PrefetchPageLinks page={`/admin/termine/${list.items[0].id}`} /> : null}
          <CancelDialog dialog={cancelDialog} />
          <DeleteDialog dialog={deleteDialog} />
        </CardContent>
      </Card>
    </>
  );
}

/** The waiting lists of fully booked days (issue 28): how many wait per day, from today on. */
function WaitlistSummary({ days }: { days: { date: string; waiting: number }[] }) {
  return (
    <section aria-labelledby="waitlist-title" className="grid gap-2 text-sm" data-testid="waitlist-summary">
      <h3 id="waitlist-title" className="font-semibold">
        {waitlistMessages.boardTitle}
      </h3>
      {days.length === 0 ? (
        <p className="text-muted-foreground">{waitlistMessages.boardEmpty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {days.map((day) => (
            <li key={day.date} className="rounded-md border border-border px-2 py-1">
              {formatDateDE(day.date)}: {waitlistMessages.boardWaiting(day.waiting)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Only the list failed (the admin layout's own boundary takes a request that failed as a whole). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError message={loadFailure} error={error} />;
}
