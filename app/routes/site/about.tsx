import type { LucideIcon } from "lucide-react";
import { CalendarCheck, CircleCheck, Handshake, HeartHandshake, ShieldCheck, Star, Timer, Users, Wrench } from "lucide-react";
import { Link } from "react-router";
import { PageHeader, Section } from "~/components/site/section";
import { buttonClassName } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { site } from "~/config/site";
import { pageMeta, publicPages } from "~/lib/seo";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(publicPages.about, matches);
}

const valueIcons: LucideIcon[] = [Star, HeartHandshake, Wrench, ShieldCheck];
const teamIcons: LucideIcon[] = [Users, Wrench, Handshake];

export default function AboutPage() {
  return (
    <>
      <PageHeader title="Über uns" intro={site.content.aboutIntro} />

      <section aria-labelledby="history-heading" className="px-4 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1fr_2fr]">
          <div>
            <h2 id="history-heading" className="text-3xl font-bold tracking-tight">
              Unsere Geschichte
            </h2>
            <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
              <Timer aria-hidden="true" className="size-4" />
              Gegründet {site.foundedYear} · {site.experienceClaim}
            </p>
          </div>
          <div className="space-y-4 text-lg text-muted-foreground">
            {site.content.history.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <Section id="werte" title="Unsere Werte" className="bg-muted/40">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {site.content.values.map((value, index) => {
            const Icon = valueIcons[index] ?? Star;
            return (
              <li key={value.title}>
                <Card className="h-full">
                  <CardHeader>
                    <Icon aria-hidden="true" className="mb-2 size-8 text-primary" />
                    <CardTitle>{value.title}</CardTitle>
                    <p className="text-base text-muted-foreground">{value.text}</p>
                  </CardHeader>
                </Card>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="team" title="Unser Team" intro="Drei Bereiche, ein Ziel: dass Sie sicher und zufrieden weiterfahren.">
        <ul className="grid gap-6 md:grid-cols-3">
          {site.content.team.map((group, index) => {
            const Icon = teamIcons[index] ?? Users;
            return (
              <li key={group.title} className="rounded-xl border border-border bg-card p-6">
                <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-semibold">{group.title}</h3>
                <p className="mt-2 text-muted-foreground">{group.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="warum-wir" title={`Warum ${site.name}?`} className="bg-muted/40">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {site.content.whyUs.map((point) => (
            <li key={point} className="flex gap-3 rounded-lg border border-border bg-card p-4">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="font-medium">{point}</span>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/#booking" className={buttonClassName({ size: "lg" })}>
            <CalendarCheck aria-hidden="true" />
            Termin vereinbaren
          </Link>
          <Link to="/kontakt" className={buttonClassName({ size: "lg", variant: "outline" })}>
            Kontakt aufnehmen
          </Link>
        </div>
      </Section>
    </>
  );
}
