import { data } from "react-router";
import { usePublicFacts } from "~/components/site/public-facts-context";
import { PageHeader, Prose } from "~/components/site/section";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { databaseContext } from "~/context";
import { unsubscribeInspectionReminders, unsubscribeState } from "~/services/reminders.server";
import type { Route } from "./+types/reminder-unsubscribe";
import { privatePage } from "./customer/private-page.server";

/** The token is in the URL: never cached, never sent on to another site, never indexed (as the personal page). */
export const middleware: Route.MiddlewareFunction[] = [privatePage];

export function meta() {
  return [
    { title: `Erinnerungen abbestellen – ${site.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

const notFound = () => data(null, { status: 404 });

/**
 * The §57a reminder's unsubscribe link (List-Unsubscribe, issue 16). GET
 * changes nothing – mail scanners follow links – and asks for the click; POST
 * withdraws the consent: the button here, or a mail client's RFC 8058
 * one-click POST (server/origin-check.ts lets this path through for it).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await unsubscribeState(context.get(databaseContext), params.token);
  if (!state) throw notFound();
  return { state };
}

export async function action({ params, context }: Route.ActionArgs) {
  // The body (the button's, or `List-Unsubscribe=One-Click`) says nothing the URL does not.
  if (!(await unsubscribeInspectionReminders(context.get(databaseContext), params.token, new Date()))) throw notFound();
  return { done: true };
}

export default function ReminderUnsubscribePage({ loaderData }: Route.ComponentProps) {
  const unsubscribed = loaderData.state === "unsubscribed";
  // The workshop's phone and address as 'Einstellungen' has them (issue 29), from the public layout.
  const { mainPhone, email } = usePublicFacts();
  return (
    <>
      <PageHeader title="Erinnerungen abbestellen" />
      <Prose>
        {unsubscribed ? (
          <p role="status">
            Sie erhalten keine Erinnerungen mehr an die §57a-Begutachtung dieses Fahrzeugs von uns. Möchten Sie wieder erinnert werden,
            kreuzen Sie die Erinnerung bei Ihrer nächsten Terminanfrage einfach wieder an.
          </p>
        ) : (
          <>
            <p>
              Möchten Sie keine E-Mails mehr erhalten, die Sie an die nächste §57a-Begutachtung („Pickerl“) Ihres Fahrzeugs erinnern? Dann
              bestätigen Sie bitte mit einem Klick.
            </p>
            <form method="post" className="mt-6">
              <Button type="submit">Erinnerungen abbestellen</Button>
            </form>
          </>
        )}
        <p>
          Fragen? Rufen Sie uns an unter <a href={mainPhone.href}>{mainPhone.display}</a> oder schreiben Sie an{" "}
          <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </Prose>
    </>
  );
}
