import { Island } from "~/components/island";
import { ContactDetails, OpeningHours } from "~/components/site/contact-details";
import { MapEmbed } from "~/components/site/map-embed";
import { PageHeader } from "~/components/site/section";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { site } from "~/config/site";
import { pageMeta, publicPages } from "~/lib/seo";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(publicPages.contact, matches);
}

export default function ContactPage() {
  return (
    <>
      <PageHeader
        title="Kontakt"
        intro={`Sie haben eine Frage, brauchen einen Kostenvoranschlag oder möchten einen Termin? Das Team von ${site.name} ist gerne für Sie da.`}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[1.5fr_1fr]">
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold leading-tight">Schreiben Sie uns</h2>
            <CardDescription>Felder mit * sind Pflichtfelder. Wir antworten in der Regel innerhalb eines Werktags.</CardDescription>
          </CardHeader>
          <CardContent>
            <Island name="contact" props={{ variant: "full" }} />
          </CardContent>
        </Card>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <h2 className="text-xl font-semibold leading-tight">Kontaktdaten</h2>
            </CardHeader>
            <CardContent className="space-y-6">
              <ContactDetails />
              <OpeningHours />
            </CardContent>
          </Card>
        </div>
      </div>
      <section aria-labelledby="map-heading" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="map-heading" className="mb-4 text-2xl font-semibold">
          Anfahrt
        </h2>
        <MapEmbed />
      </section>
    </>
  );
}
