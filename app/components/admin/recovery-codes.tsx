import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The ten recovery codes, shown once after the second factor was switched on,
 * with 'Kopieren' (one code a line) and 'Drucken' (app.css prints this card
 * alone). Both need JavaScript and appear only with it; without it the
 * browser's own print prints the same card alone.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <Card data-print-alone>
      <CardHeader>
        <CardTitle>Ihre Wiederherstellungscodes</CardTitle>
        <CardDescription>
          Bewahren Sie diese 10 Codes sicher auf (ausdrucken oder im Passwort-Manager). Jeder Code gilt einmal, falls Ihr Telefon verloren
          geht. Sie werden nur jetzt angezeigt.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid grid-cols-2 gap-2 font-mono text-base" aria-label="Wiederherstellungscodes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        {hydrated ? (
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <Button type="button" variant="outline" onClick={() => void copy()}>
              Kopieren
            </Button>
            <Button type="button" variant="outline" onClick={() => window.print()}>
              Drucken
            </Button>
            <p role="status" className="text-sm">
              {copied === "yes" ? "Die Codes wurden kopiert." : null}
              {copied === "failed" ? "Kopieren war nicht möglich. Bitte markieren und kopieren Sie die Codes selbst." : null}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
