import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Island } from "~/components/island";
import { ContactDetails } from "~/components/site/contact-details";
import { AboutTeaser, Hero, Highlights, ServicesGrid } from "~/components/site/home-sections";
import { MapEmbed } from "~/components/site/map-embed";
import { usePublicFacts } from "~/components/site/public-facts-context";
import { Section } from "~/components/site/section";
import { buttonClassName } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { pageMeta, publicPages } from "~/lib/seo";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(publicPages.home, matches);
}

export default function Home() {
  const { bookable, pickupsPerDay, pickupPostalCodes, mainPhone, hours, bookingRules, bookingTimes } = usePublicFacts();
  return (
    <>
      <Hero />
      <Highlights />
      <ServicesGrid />
      <AboutTeaser />
      <Island
        name="booking"
        props={{
          services: bookable,
          pickupsPerDay,
          pickupPostalCodes,
          phone: mainPhone.display,
          slotFacts: { hours, bookingRules },
          times: bookingTimes,
        }}
      />
      <Section
        id="contact"
        title="Kontakt"
        intro="Fragen zu einer Reparatur oder einem Angebot? Schreiben Sie uns – wir melden uns rasch bei Ihnen."
        className="bg-muted/40"
      >
        {/* items-start: the form card keeps its own height instead of stretching to the map column. */}
        <div className="grid items-start gap-8 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Nachricht senden</CardTitle>
            </CardHeader>
            <CardContent>
              <Island name="contact" props={{ variant: "short" }} />
            </CardContent>
          </Card>
          <div className="space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>So erreichen Sie uns</CardTitle>
              </CardHeader>
              <CardContent className="space-y-6">
                <ContactDetails />
                <Link to="/kontakt" className={buttonClassName({ variant: "outline" })}>
                  Zur Kontaktseite
                  <ArrowRight aria-hidden="true" />
                </Link>
              </CardContent>
            </Card>
            <MapEmbed />
          </div>
        </div>
      </Section>
    </>
  );
}
