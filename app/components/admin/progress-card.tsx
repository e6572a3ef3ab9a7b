import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { type ProgressState, progressStates } from "~/domain/appointment";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { progressLabels } from "~/messages";

type ProgressCardProps = {
  progress: ProgressState | null;
  progressAt: string | null;
  progressBy: string | null;
  /** Whether 'Abholbereit' e-mails the customer (the owner's switch on the 'Team' page). */
  readyEmail: boolean;
  /** The page action's answer to the last 'Fortschritt' post, if that was one. */
  result: { ok: boolean; message: string } | undefined;
  busy: boolean;
};

/**
 * Where a confirmed appointment's car is (issue 16): the current state with
 * when and by whom, and one plain form per state (works without JavaScript).
 * The buttons are 44 px tall on every screen: the workshop taps them on a tablet.
 */
export function ProgressCard({ progress, progressAt, progressBy, readyEmail, result, busy }: ProgressCardProps) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-tight">Fahrzeug</h2>
        <p className="text-sm text-muted-foreground">
          {readyEmail
            ? "Bei „Abholbereit“ bekommt die Kundin oder der Kunde eine kurze E-Mail mit den Öffnungszeiten."
            : "Die E-Mail bei „Abholbereit“ ist ausgeschaltet (Seite „Team“)."}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm" data-testid="progress-current">
          {progress ? (
            <>
              <span className="font-semibold">{progressLabels[progress]}</span>
              {setWhenAndBy(progressAt, progressBy)}
            </>
          ) : (
            "Noch kein Fortschritt gesetzt."
          )}
        </p>
        <Form method="post" className="flex flex-wrap gap-2" aria-label="Fortschritt setzen">
          <input type="hidden" name="intent" value="progress" />
          {progressStates.map((state) => (
            <Button
              key={state}
              type="submit"
              name="progress"
              value={state}
              size="lg"
              variant={state === progress ? "default" : "outline"}
              aria-pressed={state === progress}
              disabled={busy || state === progress}
            >
              {progressLabels[state]}
            </Button>
          ))}
        </Form>
        {result ? (
          <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm font-medium text-destructive"}>
            {result.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** " seit 01.12.2026 09:15, gesetzt von Lena": one text, either part left out when unknown (an account gone). */
function setWhenAndBy(at: string | null, by: string | null): string {
  return `${at ? ` seit ${formatDateTimeVienna(at)}` : ""}${by ? `, gesetzt von ${by}` : ""}`;
}
