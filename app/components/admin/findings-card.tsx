import { Form } from "react-router";
import { FindingPhotos, UrgencyBadge } from "~/components/site/customer-findings";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input, Label, Textarea } from "~/components/ui/form-controls";
import {
  type BoardFindings,
  type DecisionView,
  MAX_FINDING_DESCRIPTION_LENGTH,
  MAX_FINDING_TITLE_LENGTH,
  MAX_PHOTOS_PER_FINDING,
  urgencies,
} from "~/domain/findings";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { euroInput, formatEuro } from "~/lib/format-money";
import { findingMessages } from "~/messages";

/** The findings card's intents on the appointment's page (issue 30). */
const FINDING_INTENTS = ["estimate", "finding-add", "finding-remove", "findings-send", "finding-decision"] as const;

export function isFindingIntent(value: unknown): value is (typeof FINDING_INTENTS)[number] {
  return typeof value === "string" && (FINDING_INTENTS as readonly string[]).includes(value);
}

/** What the findings' posts answer, shown in the card (with and without JavaScript). */
export type FindingsAnswer = { intent: "findings"; ok: boolean; message: string };

/** In the browser, when the post never got an answer. */
export const findingsFailure: FindingsAnswer = { intent: "findings", ok: false, message: "Die Befunde konnten nicht gespeichert werden." };

/** The trail's words for the findings' entries. */
export const findingAuditLabels: Record<string, string> = {
  estimate: "Kostenvoranschlag",
  "finding-add": "Befund erfasst",
  "finding-change": "Befund geändert",
  "finding-delete": "Befund gelöscht",
  "finding-withdraw": "Befund zurückgezogen",
  "findings-send": "Befunde zur Freigabe gesendet",
  "finding-decision": "Entscheidung zu einem Befund",
};

/** How the board names a decision: who, what and when ('telefonisch freigegeben' by an admin, or the customer's by the link). */
function decisionText(decision: DecisionView): string {
  const what =
    decision.decidedBy === "admin"
      ? `${findingMessages.phoneDecision[decision.decision]} (${decision.adminName ?? "Admin"})`
      : `${findingMessages.decision[decision.decision]} ${findingMessages.byCustomer}`;
  return `${what}, ${formatDateTimeVienna(decision.decidedAt.toISOString())}`;
}

/**
 * 'Befunde' on the appointment's page (issue 30): the estimate, a finding with photos taken by the
 * phone's camera, the findings with their decisions as they come in, 'Zur Freigabe senden' and the
 * decisions heard on the phone. Plain multipart form posts: they work without JavaScript.
 */
export function FindingsCard({ board, result, busy }: { board: BoardFindings; result?: { ok: boolean; message: string }; busy: boolean }) {
  const unsent = board.findings.filter((finding) => !finding.sentAt).length;
  return (
    <Card>
      <CardHeader>
        <h2 id="findings-heading" className="text-xl font-semibold leading-tight">
          Befunde
        </h2>
        {result ? (
          <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm font-medium text-destructive"}>
            {result.message}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="estimate" />
          <div className="grid gap-1">
            <Label htmlFor="estimate">Kostenvoranschlag (€, brutto)</Label>
            <Input id="estimate" name="estimate" inputMode="decimal" defaultValue={euroInput(board.estimateCents)} placeholder="450,00" />
          </div>
          <Button type="submit" variant="outline" disabled={busy}>
            Kostenvoranschlag speichern
          </Button>
        </Form>

        {board.findings.length > 0 ? (
          <ul className="grid gap-4" aria-label="Befunde">
            {board.findings.map((finding) => (
              <li key={finding.id} className="grid gap-2 rounded-md border border-border p-3">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 font-semibold hyphens-auto wrap-anywhere">{finding.title}</span>
                  <UrgencyBadge urgency={finding.urgency} />
                  <span>{formatEuro(finding.priceCents)}</span>
                </p>
                {finding.description ? (
                  <p className="text-sm whitespace-pre-wrap hyphens-auto wrap-anywhere">{finding.description}</p>
                ) : null}
                <FindingPhotos photos={finding.photos} title={finding.title} url={(photoId) => `/api/v1/admin/photos/${photoId}`} />
                <p className="text-sm">
                  {finding.withdrawnAt
                    ? "Zurückgezogen"
                    : finding.sentAt
                      ? `Gesendet ${formatDateTimeVienna(finding.sentAt.toISOString())}`
                      : "Noch nicht gesendet"}
                  {" · "}
                  <span data-testid="finding-decision">
                    {finding.decision ? decisionText(finding.decision) : findingMessages.decision.open}
                  </span>
                </p>
                {finding.decisions.length > 1 ? (
                  <details className="text-sm wrap-anywhere">
                    <summary className="cursor-pointer py-3 md:py-0">Alle Entscheidungen</summary>
                    <ul className="list-disc pl-5">
                      {finding.decisions.map((decision, index) => (
                        <li key={index}>
                          {decisionText(decision)}: {decision.title}, {formatEuro(decision.priceCents)}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
                {finding.withdrawnAt ? null : (
                  <div className="flex flex-wrap gap-2">
                    {(["approved", "declined"] as const).map((decision) => (
                      <Form method="post" key={decision}>
                        <input type="hidden" name="intent" value="finding-decision" />
                        <input type="hidden" name="findingId" value={finding.id} />
                        <input type="hidden" name="decision" value={decision} />
                        <Button type="submit" variant="outline" size="sm" disabled={busy}>
                          {findingMessages.phoneDecision[decision]}
                        </Button>
                      </Form>
                    ))}
                    <Form method="post">
                      <input type="hidden" name="intent" value="finding-remove" />
                      <input type="hidden" name="findingId" value={finding.id} />
                      <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                        {finding.sentAt ? "Zurückziehen" : "Löschen"}
                      </Button>
                    </Form>
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <p>
          Freigegeben: <strong>{formatEuro(board.approvedTotalCents)}</strong>
          {board.estimateCents !== null ? ` (Kostenvoranschlag ${formatEuro(board.estimateCents)})` : null}
        </p>

        <Form method="post" encType="multipart/form-data" className="grid gap-3 border-t border-border pt-4">
          <h3 className="font-semibold">Neuer Befund</h3>
          <input type="hidden" name="intent" value="finding-add" />
          <div className="grid gap-1">
            <Label htmlFor="finding-title">Titel</Label>
            <Input id="finding-title" name="title" required maxLength={MAX_FINDING_TITLE_LENGTH} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="finding-description">Beschreibung (optional)</Label>
            <Textarea id="finding-description" name="description" rows={3} maxLength={MAX_FINDING_DESCRIPTION_LENGTH} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="finding-price">Preis (€, brutto)</Label>
            <Input id="finding-price" name="price" required inputMode="decimal" placeholder="180,00" />
          </div>
          <fieldset className="grid gap-1">
            <legend className="text-sm font-medium">Dringlichkeit</legend>
            <div className="flex flex-wrap gap-4">
              {urgencies.map((urgency) => (
                <label key={urgency} className="inline-flex min-h-11 items-center gap-2">
                  <input type="radio" name="urgency" value={urgency} required defaultChecked={urgency === "soon"} className="size-5" />
                  <UrgencyBadge urgency={urgency} />
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1">
            <Label htmlFor="finding-photos">Fotos (höchstens {MAX_PHOTOS_PER_FINDING})</Label>
            <input
              id="finding-photos"
              name="photos"
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              className="max-w-full text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-transparent file:px-4 file:font-medium file:text-foreground hover:file:bg-accent md:file:min-h-10"
            />
          </div>
          <Button type="submit" className="justify-self-start" disabled={busy}>
            Befund speichern
          </Button>
        </Form>

        <Form method="post" className="grid gap-2 border-t border-border pt-4">
          <input type="hidden" name="intent" value="findings-send" />
          {board.hasEmail ? null : (
            <p className="text-sm">Zu diesem Termin gibt es keine E-Mail-Adresse: Die Befunde erscheinen nur auf dem persönlichen Link.</p>
          )}
          <Button type="submit" className="justify-self-start" disabled={busy || unsent === 0}>
            Zur Freigabe senden{unsent > 0 ? ` (${unsent})` : ""}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
