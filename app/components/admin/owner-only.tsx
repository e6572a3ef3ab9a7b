import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The loaders' answer to staff on an owner's page: status 403 and the reason, rendered inside the board. */
export type OwnerOnlyData = { ownerOnly: string };

export function isOwnerOnly(loaderData: object): loaderData is OwnerOnlyData {
  return "ownerOnly" in loaderData;
}

/**
 * What staff see on an owner's page (team, closures) instead of the router's
 * error screen: a short reason and the way back to the board.
 */
export function OwnerOnlyPage({ reason }: { reason: string }) {
  return (
    <section aria-labelledby="owner-only-title" className="grid max-w-xl gap-4 rounded-lg border border-border p-6">
      <h2 id="owner-only-title" className="text-2xl font-semibold">
        Nur für Inhaber:innen
      </h2>
      <p>{reason}</p>
      <p className="text-sm text-muted-foreground">Bitte wenden Sie sich an den Inhaber oder die Inhaberin der Werkstatt.</p>
      <div>
        <Button asChild>
          <Link to="/admin">Zurück zu den Terminen</Link>
        </Button>
      </div>
    </section>
  );
}
