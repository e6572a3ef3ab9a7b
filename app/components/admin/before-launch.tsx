import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { DisclosureSummary } from "~/components/ui/disclosure";
import type { ExampleField } from "~/domain/workshop";
import { beforeLaunchMessages } from "~/messages";

/**
 * 'Vor dem Start' (issue 29, decision 048): what of the Impressum and contact facts is still an
 * example value, each linked to its section on 'Einstellungen'. Nothing once none is left. On a
 * phone the list opens on demand, so that the first screen still shows appointments (issue 26).
 */
export function BeforeLaunch({ fields }: { fields: readonly ExampleField[] }) {
  if (fields.length === 0) return null;
  return (
    <Card aria-labelledby="before-launch-title" role="region" className="mb-6 border-amber-500/60 print:hidden" data-testid="before-launch">
      <CardHeader className="max-md:p-4">
        <h2 id="before-launch-title" className="text-xl font-semibold leading-tight">
          {beforeLaunchMessages.title}
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground max-md:hidden">{beforeLaunchMessages.intro}</p>
      </CardHeader>
      <CardContent className="max-md:p-4 max-md:pt-0">
        <div className="max-md:hidden">
          <ExampleList fields={fields} />
        </div>
        <details className="group md:hidden">
          <DisclosureSummary>{beforeLaunchMessages.count(fields.length)}</DisclosureSummary>
          <p className="mt-3 text-sm text-muted-foreground">{beforeLaunchMessages.intro}</p>
          <ExampleList fields={fields} />
        </details>
      </CardContent>
    </Card>
  );
}

function ExampleList({ fields }: { fields: readonly ExampleField[] }) {
  return (
    <ul className="grid gap-1 sm:grid-cols-2">
      {fields.map((field) => {
        const { label, section } = beforeLaunchMessages.fields[field];
        return (
          <li key={field}>
            <Link
              to={`/admin/einstellungen#${section}`}
              className="inline-flex min-h-11 items-center gap-1 underline underline-offset-4 hover:text-primary"
            >
              {label}
              <span className="text-sm text-muted-foreground">({beforeLaunchMessages.sections[section]})</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
