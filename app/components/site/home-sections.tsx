import {
  Award,
  BatteryCharging,
  CalendarCheck,
  Check,
  ClipboardCheck,
  Clock,
  Disc,
  Droplet,
  Gauge,
  type LucideIcon,
  Phone,
  Settings,
  ShieldCheck,
  Timer,
  Users,
  Wrench,
} from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { site } from "~/config/site";
import { priceFromText } from "~/lib/public-facts";
import { usePublicFacts } from "./public-facts-context";
import { Section } from "./section";

export function Hero() {
  const { mainPhone, hoursDisplay } = usePublicFacts();
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden border-b border-border px-4 py-16 md:py-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-br from-accent/70 via-background to-background"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.4fr_1fr]">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-sm font-medium">
            <Award aria-hidden="true" className="size-4 text-primary" />
            {site.experienceClaim.charAt(0).toUpperCase() + site.experienceClaim.slice(1)}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-[2rem] leading-tight font-extrabold tracking-tight text-balance hyphens-auto break-words sm:text-5xl md:text-6xl"
          >
            {site.tagline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground md:text-xl">{site.content.heroText}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to="/#booking" className={buttonClassName({ size: "lg" })}>
              <CalendarCheck aria-hidden="true" />
              Termin vereinbaren
            </Link>
            <Link to="/#services" className={buttonClassName({ size: "lg", variant: "secondary" })}>
              Unsere Leistungen
            </Link>
            <a href={mainPhone.href} className={buttonClassName({ size: "lg", variant: "outline" })}>
              <Phone aria-hidden="true" />
              Jetzt anrufen
              <span className="sr-only">: {mainPhone.display}</span>
            </a>
          </div>
        </div>
        <Card className="hidden lg:block">
          <CardHeader>
            <h2 className="text-xl font-semibold leading-tight">Öffnungszeiten</h2>
            <CardDescription>Termine auch kurzfristig – rufen Sie uns an oder buchen Sie online.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="space-y-2">
              {hoursDisplay.map((row) => (
                <div key={row.days} className="flex justify-between gap-4 border-b border-border pb-2 last:border-0">
                  <dt className="font-medium">{row.days}</dt>
                  <dd className="text-muted-foreground">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

const highlightIcons: LucideIcon[] = [ShieldCheck, Timer, Users];

export function Highlights() {
  return (
    <section aria-label="Warum Happy Car" className="px-4 py-12">
      <ul className="mx-auto grid max-w-6xl gap-6 md:grid-cols-3">
        {site.content.highlights.map((highlight, index) => {
          const Icon = highlightIcons[index] ?? ShieldCheck;
          return (
            <li key={highlight.title} className="flex gap-4 rounded-xl border border-border bg-card p-6">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h2 className="text-lg font-semibold">{highlight.title}</h2>
                <p className="mt-1 text-sm text-muted-foreground">{highlight.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const serviceIcons: Record<string, LucideIcon> = {
  Reparaturen: Wrench,
  "§57a Überprüfung": ClipboardCheck,
  Reifenservice: Gauge,
  Ölwechsel: Droplet,
  Elektrik: BatteryCharging,
  Bremsenservice: Disc,
  "Express-Service": Clock,
  Wartung: Settings,
};

export function ServicesGrid() {
  const { services } = usePublicFacts();
  return (
    <Section
      id="services"
      title="Unsere Leistungen"
      intro="Von der Inspektion bis zur Reparatur: Wir kümmern uns um Ihr Fahrzeug – egal welche Marke."
      className="bg-muted/40"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {services.map((service) => {
          const Icon = serviceIcons[service.name] ?? Wrench;
          return (
            <li key={service.name}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader>
                  <span className="mb-2 flex size-12 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle>{service.name}</CardTitle>
                  <p className="text-base text-muted-foreground">{service.description}</p>
                  {service.priceFrom === null ? null : <p className="font-semibold">{priceFromText(service.priceFrom)}</p>}
                </CardHeader>
              </Card>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function AboutTeaser() {
  return (
    <Section id="about" title={`Über ${site.name}`}>
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <p className="text-lg text-muted-foreground">{site.content.aboutIntro}</p>
        <div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {site.content.aboutPoints.map((point) => (
              <li key={point} className="flex gap-3 rounded-lg border border-border bg-card p-4">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <Link to="/ueber-uns" className={buttonClassName({ variant: "outline", className: "mt-6" })}>
            Mehr über uns erfahren
          </Link>
        </div>
      </div>
    </Section>
  );
}
