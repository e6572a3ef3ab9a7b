import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { EarlierVisit } from "~/domain/appointment";
import { formatDateDE } from "~/lib/format-date";
import { adminMessages, progressLabels } from "~/messages";
import { StatusBadge } from "./status-badge";

/** The car's and the customer's other appointments (same plate, e-mail or phone; issue 28), the latest first. */
export function EarlierVisitsCard({ visits }: { visits: EarlierVisit[] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-tight">Frühere Besuche</h2>
        <p className="text-sm text-muted-foreground">Termine mit demselben Kennzeichen, derselben E-Mail-Adresse oder Telefonnummer.</p>
      </CardHeader>
      <CardContent>
        {visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine weiteren Termine.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="earlier-visits">
            {visits.map((visit) => (
              <li key={visit.id} className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/termine/${visit.id}`} className="underline underline-offset-4">
                  {formatDateDE(visit.date)}, {visit.time} Uhr
                </Link>
                <span className="wrap-anywhere">{visit.service}</span>
                {visit.licensePlate ? <span>{visit.licensePlate}</span> : null}
                <StatusBadge status={visit.status} />
                {visit.noShow ? <span className="font-medium text-destructive">{adminMessages.noShowLabel}</span> : null}
                {visit.progress ? <span>{progressLabels[visit.progress]}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
