import { isRouteErrorResponse, type UIMatch, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * What each admin page says when its data could not be loaded, as its route's
 * `handle`: the admin layout's error boundary shows it when the whole request failed.
 */
export type AdminRouteHandle = { loadFailure: string };

export const pageLoadFailure = "Die Seite konnte nicht geladen werden.";

/** The deepest admin page's own wording, else a general one. */
export function loadFailureOf(matches: UIMatch[]): string {
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<AdminRouteHandle> | undefined;
    if (handle?.loadFailure) return handle.loadFailure;
  }
  return pageLoadFailure;
}

/**
 * The request never got an answer (connection dropped, server unreachable):
 * `fetch` rejects with a TypeError ('Failed to fetch' in Chromium).
 */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** A failed load inside the admin pages: what could not be loaded, why, and 'Erneut versuchen'. */
export function LoadError({ message, error }: { message: string; error: unknown }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state !== "idle";
  const hint = isNetworkError(error)
    ? "Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut."
    : isRouteErrorResponse(error) && error.status === 503
      ? "Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in Kürze erneut."
      : "Bitte versuchen Sie es erneut.";
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive bg-card p-6 text-card-foreground">
      <h2 className="text-lg font-semibold">Fehler</h2>
      <p className="font-medium">{message}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
      <Button type="button" onClick={() => void revalidator.revalidate()} disabled={retrying}>
        Erneut versuchen
      </Button>
    </div>
  );
}
