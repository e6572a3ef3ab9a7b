import { data, redirect } from "react-router";
import type { Route } from "./+types/contact-message";
import type { ContactFormFailure } from "~/components/contact/contact-form";
import { Island } from "~/components/island";
import { PageHeader } from "~/components/site/section";
import { Card } from "~/components/ui/card";
import { site } from "~/config/site";
import { formToObject, readFormData, RequestBodyError } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { CONTACT_FAILED_MESSAGE, contactFormNames, contactInputFromForm, type ContactVariant, HONEYPOT_FIELD } from "~/schemas/contact";
import { contactConfigFromEnv, contactResultStatus, sendContactMessage } from "~/services/contact.server";

export function meta() {
  return [{ title: `Nachricht senden – ${site.name}` }, { name: "robots", content: "noindex" }];
}

const successTarget: Record<ContactVariant, string> = {
  full: "/kontakt?nachricht=gesendet",
  short: "/?nachricht=gesendet#contact",
};

/** The contact forms' target without JavaScript (with JavaScript they use POST /api/v1/contact). */
export async function action({ request, context }: Route.ActionArgs) {
  let form: Record<string, string>;
  try {
    form = formToObject(await readFormData(request));
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return data(failure("full", error.message, {}, {}), { status: error.status });
  }
  const variant: ContactVariant = form.variant === "short" ? "short" : "full";
  const { [contactFormNames[HONEYPOT_FIELD]]: _honeypot, ...values } = form;
  try {
    const result = await sendContactMessage(context.db, contactInputFromForm(form, variant), {
      now: new Date(),
      clientIp: context.clientIp,
      config: contactConfigFromEnv(),
      variant,
    });
    if (result.kind === "sent" || result.kind === "honeypot") return redirect(successTarget[variant], 303);
    const fields = result.kind === "invalid" ? result.fields : {};
    return data(failure(variant, result.error, fields, values), {
      status: contactResultStatus[result.kind],
      headers: result.kind === "rate-limited" ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    });
  } catch (error) {
    logger.error({ err: error, requestId: context.requestId }, "contact message failed");
    return data(failure(variant, CONTACT_FAILED_MESSAGE, {}, values), { status: 503 });
  }
}

function failure(
  variant: ContactVariant,
  error: string,
  fields: ContactFormFailure["fields"],
  values: Record<string, string>,
): ContactFormFailure {
  return { variant, error, fields, values };
}

export default function ContactMessagePage({ actionData }: Route.ComponentProps) {
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
            <Island name="contact" props={{ variant: actionData?.variant ?? "full", failure: actionData }} />
          </div>
        </Card>
      </div>
    </>
  );
}
