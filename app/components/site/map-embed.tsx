import { ExternalLink, MapPin } from "lucide-react";
import { Button, buttonClassName } from "~/components/ui/button";
import { MAP_ORIGIN, site } from "~/config/site";
import { usePublicFacts } from "./public-facts-context";

/** Where the consent form goes without JavaScript: the pages are the same for everyone, this one is rendered with the map. */
export const MAP_PAGE_PATH = "/karte";

/** The map around the workshop's position (its facts, issue 29), with a marker on it. */
export function mapEmbedUrl({ latitude: lat, longitude: lon }: { latitude: number; longitude: number }): string {
  const bbox = [lon - 0.008, lat - 0.004, lon + 0.008, lat + 0.004].map((n) => n.toFixed(5)).join(",");
  return `${MAP_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
}

export function googleMapsUrl(fullAddress: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${site.name}, ${fullAddress}`)}`;
}

function MapFrame() {
  const facts = usePublicFacts();
  return (
    <iframe
      title={`Karte: Standort von ${site.name}, ${facts.fullAddress}`}
      src={mapEmbedUrl(facts)}
      className="block h-80 w-full border-0"
      sandbox="allow-scripts allow-same-origin allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}

/**
 * Two-click map: nothing is requested from OpenStreetMap until the visitor
 * clicks 'Karte laden'. With JavaScript the click puts the iframe from the
 * inert <template> in place of the notice (app/browser/map.ts); without it the
 * button opens the map page (/karte), which the server renders with the iframe.
 */
export function MapEmbed({ loaded = false }: { loaded?: boolean }) {
  const { fullAddress } = usePublicFacts();
  return (
    <div id="karte" className="overflow-hidden rounded-xl border border-border bg-card">
      {loaded ? (
        <MapFrame />
      ) : (
        <div data-map-placeholder className="flex h-80 flex-col items-center justify-center gap-4 bg-muted p-6 text-center">
          <MapPin aria-hidden="true" className="size-10 text-primary" />
          <p className="font-medium">{fullAddress}</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Die Karte wird von OpenStreetMap geladen. Erst wenn Sie auf „Karte laden“ klicken, wird eine Verbindung zu OpenStreetMap
            aufgebaut und Ihre IP-Adresse dorthin übertragen.
          </p>
          <form method="get" action={`${MAP_PAGE_PATH}#karte`} data-map-consent>
            <Button type="submit">Karte laden</Button>
          </form>
          {/* Template content is inert: the iframe requests nothing until it is put into the page. */}
          <template data-map-frame>
            <MapFrame />
          </template>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-3 text-sm">
        <span className="text-muted-foreground">
          Kartendaten ©{" "}
          <a className="underline underline-offset-4" href="https://www.openstreetmap.org/copyright">
            OpenStreetMap
          </a>
          -Mitwirkende
        </span>
        <a
          href={googleMapsUrl(fullAddress)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: "link", size: "inline" })}
        >
          In Google Maps öffnen
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(öffnet in neuem Tab)</span>
        </a>
      </div>
    </div>
  );
}
