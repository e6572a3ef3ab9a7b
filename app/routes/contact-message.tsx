import { data, redirect } from "react-router";
import type { ContactFormFailure } from "~/components/contact/contact-form";
import { Island } from "~/components/island";
import { PageHeader } from "~/components/site/section";
import { Card } from "~/components/ui/card";
import { site } from "~/config/site";
import { databaseContext, requestContext } from "~/context";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { contactFormMessages, invalidFormMessage } from "~/messages";
import { contactFormNames, contactInputFromForm, type ContactVariant, HONEYPOT_FIELD } from "~/schemas/contact";
import { contactConfig, sendContactMessage } from "~/services/contact.server";
import type { Route } from "./+types/contact-message";

export function meta() {
  return [{ title: `Nachricht senden – ${site.name}` }, { name: "robots", content: "noindex" }];
}

export const headers: Route.HeadersFunction = actionRetryAfter;

/** The public pages are the same for everyone (kept per facts version): the success message is shown here. */
const SUCCESS_TARGET = "/nachricht-senden?nachricht=gesendet";

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("nachricht") === "gesendet" };
}

/** The contact forms' target without JavaScript (with JavaScript they use POST /api/v1/contact). */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data(failure("full", body.bodyError.message, {}, {}), { status: body.bodyError.status });
  const form = body.fields;
  const variant: ContactVariant = form.variant === "short" ? "short" : "full";
  const { [contactFormNames[HONEYPOT_FIELD]]: _honeypot, ...values } = form;
  const db = context.get(databaseContext);
  const result = await sendContactMessage(db, contactInputFromForm(form, variant), {
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
    config: await contactConfig(db),
    variant,
  });
  if (result.ok || result.code === "honeypot") return redirect(SUCCESS_TARGET, 303);
  const status = statusOf(result.code);
  if (result.code === "invalid")
    return data(failure(variant, invalidFormMessage(result.missingRequired), result.fields, values), { status });
  return data(failure(variant, contactFormMessages["rate-limited"], {}, values), {
    status,
    headers: retryAfter(result.retryAfterSeconds),
  });
}

function failure(
  variant: ContactVariant,
  error: string,
  fields: ContactFormFailure["fields"],
  values: Record<string, string>,
): ContactFormFailure {
  return { variant, error, fields, values };
}

export default function ContactMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Nachricht senden"
        intro={
          actionData
            ? "Bitte überprüfen Sie Ihre Angaben und senden Sie die Nachricht erneut."
            : `Schreiben Sie ${site.name} eine Nachricht.`
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Card>
          <div className="p-6">
            <Island name="contact" props={{ variant: actionData?.variant ?? "full", failure: actionData, sent: loaderData.sent }} />
          </div>
        </Card>
      </div>
    </>
  );
}
