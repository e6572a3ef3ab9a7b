import { data } from "react-router";
import { PageHeader, Prose } from "~/components/site/section";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { databaseContext } from "~/context";
import { formatIsoDateDE } from "~/lib/format-date";
import { waitlistMessages } from "~/messages";
import { findWaitlistEntryByToken, leaveWaitlist } from "~/services/waitlist.server";
import type { Route } from "./+types/waitlist-leave";
import { privatePage } from "./customer/private-page.server";

/** The token is in the URL: never cached, never sent on to another site, never indexed (as the personal page). */
export const middleware: Route.MiddlewareFunction[] = [privatePage];

export function meta() {
  return [
    { title: `${waitlistMessages.leaveTitle} – ${site.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * The link in the waiting list's e-mail (issue 28). GET changes nothing – mail scanners follow
 * links – and asks for the click; POST takes the entry off the list.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const entry = await findWaitlistEntryByToken(context.get(databaseContext), params.token);
  return data({ entry }, { status: entry ? 200 : 404 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const left = await leaveWaitlist(context.get(databaseContext), params.token);
  return data({ left }, { status: left ? 200 : 404 });
}

export default function WaitlistLeavePage({ loaderData, actionData }: Route.ComponentProps) {
  const { entry } = loaderData;
  return (
    <>
      <PageHeader title={waitlistMessages.leaveTitle} />
      <Prose>
        {actionData?.left ? (
          <p role="status">{waitlistMessages.left}</p>
        ) : entry ? (
          <>
            <p>{waitlistMessages.leaveQuestion(formatIsoDateDE(entry.date), entry.service)}</p>
            <form method="post" className="mt-6">
              <Button type="submit">{waitlistMessages.leaveButton}</Button>
            </form>
          </>
        ) : (
          <p role="status">{waitlistMessages.leaveUnknown}</p>
        )}
      </Prose>
    </>
  );
}
