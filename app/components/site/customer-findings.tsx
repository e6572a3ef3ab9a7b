import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Urgency } from "~/domain/findings";
import type { CustomerFindings, FindingPhotoView } from "~/domain/findings";
import { formatEuro } from "~/lib/format-money";
import { customerDecisionMessages, findingMessages } from "~/messages";

/** The urgency's colour, always beside its words ('sofort nötig', 'bald', 'beobachten'): never colour alone. */
export const urgencyTones = { now: "red", soon: "yellow", watch: "green" } as const satisfies Record<Urgency, string>;

export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  return <Badge tone={urgencyTones[urgency]}>{findingMessages.urgency[urgency]}</Badge>;
}

/** A finding's photos, lazy and sized (no layout shift), from `url` (the link's route, or the admin API's). */
export function FindingPhotos({ photos, title, url }: { photos: FindingPhotoView[]; title: string; url: (photoId: string) => string }) {
  if (photos.length === 0) return null;
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {photos.map((photo, index) => (
        <img
          key={photo.id}
          src={url(photo.id)}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          decoding="async"
          alt={`Foto ${index + 1} zu „${title}“`}
          className="h-auto w-full rounded-md border border-border"
        />
      ))}
    </div>
  );
}

/** The name of a finding's decision field in the customer's form (routes/customer/appointment.tsx). */
export const decisionField = (findingId: string) => `decision:${findingId}`;

/**
 * The findings on the personal link (issue 30): each with its photos (lazy, sized), price and
 * urgency, 'Freigeben' / 'Ablehnen' as a plain form (one submission for all, without JavaScript),
 * the estimate and the running total of what is approved.
 */
export function CustomerFindingsSection({
  findings,
  photoUrl,
  notice,
}: {
  findings: CustomerFindings;
  photoUrl: (photoId: string) => string;
  notice?: { error?: string; saved?: string };
}) {
  if (findings.findings.length === 0 && findings.estimateCents === null) return null;
  return (
    <section aria-labelledby="findings-heading" className="space-y-4">
      <h2 id="findings-heading" className="text-xl font-semibold">
        Befunde
      </h2>
      {findings.estimateCents !== null ? (
        <p>
          Kostenvoranschlag: <strong>{formatEuro(findings.estimateCents)}</strong>
        </p>
      ) : null}
      {notice?.error ? (
        <p role="alert" className="font-medium text-destructive">
          {notice.error}
        </p>
      ) : null}
      {notice?.saved ? (
        <p
          role="status"
          className="rounded-md border border-green-700/40 bg-green-50 p-4 text-green-950 dark:bg-green-950 dark:text-green-50"
        >
          {notice.saved}
        </p>
      ) : null}
      {findings.findings.length > 0 ? (
        <form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="decide" />
          <ul className="space-y-4">
            {findings.findings.map((finding) => (
              <li key={finding.id} className="space-y-3 rounded-md border border-border p-4">
                <fieldset className="min-w-0 space-y-3">
                  <legend className="text-lg font-semibold hyphens-auto wrap-anywhere">{finding.title}</legend>
                  <p className="flex flex-wrap items-center gap-3">
                    <UrgencyBadge urgency={finding.urgency} />
                    <span className="font-medium">{formatEuro(finding.priceCents)}</span>
                    <span className="text-muted-foreground">
                      {finding.decision ? findingMessages.decision[finding.decision.decision] : findingMessages.decision.open}
                    </span>
                  </p>
                  {finding.description ? <p className="whitespace-pre-wrap hyphens-auto wrap-anywhere">{finding.description}</p> : null}
                  <FindingPhotos photos={finding.photos} title={finding.title} url={photoUrl} />
                  {findings.open ? (
                    <div className="flex flex-wrap gap-4">
                      {(["approved", "declined"] as const).map((decision) => (
                        <label key={decision} className="inline-flex min-h-11 items-center gap-2">
                          <input
                            type="radio"
                            name={decisionField(finding.id)}
                            value={decision}
                            defaultChecked={finding.decision?.decision === decision}
                            className="size-5"
                          />
                          {decision === "approved" ? "Freigeben" : "Ablehnen"}
                        </label>
                      ))}
                    </div>
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ul>
          <p>
            Freigegeben: <strong>{formatEuro(findings.approvedTotalCents)}</strong>
          </p>
          {findings.open ? <Button type="submit">Entscheidung senden</Button> : <p>{customerDecisionMessages["decisions-closed"]}</p>}
        </form>
      ) : null}
    </section>
  );
}
