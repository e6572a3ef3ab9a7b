import { usePublicFacts } from "~/components/site/public-facts-context";
import { PageHeader, Prose } from "~/components/site/section";
import { site } from "~/config/site";
import { pageMeta, publicPages } from "~/lib/seo";
import type { Route } from "./+types/imprint";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(publicPages.imprint, matches);
}

export default function ImprintPage() {
  // The owner's facts (issue 29); the business purpose and trade regulations are the trade's, not the owner's.
  const facts = usePublicFacts();
  const legal = { ...facts.imprint, businessPurpose: site.legal.businessPurpose, tradeRegulations: site.legal.tradeRegulations };
  return (
    <>
      <PageHeader
        title="Impressum"
        intro="Informationen gemäß § 5 E-Commerce-Gesetz (ECG), § 14 Unternehmensgesetzbuch (UGB) und Offenlegung gemäß § 25 Mediengesetz (MedienG)."
      />
      <Prose>
        <h2>Diensteanbieter und Medieninhaber</h2>
        <p>
          {facts.legalName}
          <br />
          {facts.street}
          <br />
          {facts.postalCode} {facts.city}, {facts.country}
        </p>
        <dl>
          <dt>Unternehmensgegenstand</dt>
          <dd>{legal.businessPurpose}</dd>
          <dt>Geschäftsführer</dt>
          <dd>{legal.managingDirector}</dd>
          <dt>Firmenbuchnummer</dt>
          <dd>{legal.companyRegister}</dd>
          <dt>Firmenbuchgericht</dt>
          <dd>{legal.registerCourt}</dd>
          <dt>UID-Nummer</dt>
          <dd>{legal.vatId}</dd>
        </dl>

        <h2>Kontakt</h2>
        <dl>
          {facts.phones.map((phone) => (
            <div key={phone.href}>
              <dt>Telefon {phone.label}</dt>
              <dd>
                <a href={phone.href}>{phone.display}</a>
              </dd>
            </div>
          ))}
          <div>
            <dt>E-Mail</dt>
            <dd>
              <a href={`mailto:${facts.email}`}>{facts.email}</a>
            </dd>
          </div>
        </dl>

        <h2>Aufsicht und Berufsrecht</h2>
        <dl>
          <dt>Gewerbebehörde (Aufsichtsbehörde)</dt>
          <dd>{legal.supervisoryAuthority}</dd>
          <dt>Kammerzugehörigkeit</dt>
          <dd>{legal.chamber}</dd>
          <dt>Berufsrechtliche Vorschriften</dt>
          <dd>{legal.tradeRegulations}</dd>
        </dl>

        <h2>Offenlegung gemäß § 25 MedienG</h2>
        <p>
          Medieninhaber: {facts.legalName}, {facts.fullAddress}. Geschäftsführer: {legal.managingDirector}.
        </p>
        <p>
          Grundlegende Richtung der Website: Information über die Leistungen der Kfz-Werkstätte {site.name} und die Möglichkeit, online
          Werkstatttermine anzufragen und Nachrichten an uns zu senden.
        </p>

        <h2>Haftung für Inhalte und Links</h2>
        <p>
          Wir erstellen die Inhalte dieser Website mit größter Sorgfalt, können für Richtigkeit, Vollständigkeit und Aktualität aber keine
          Gewähr übernehmen. Für Inhalte externer Websites, auf die wir verlinken, sind ausschließlich deren Betreiber verantwortlich; zum
          Zeitpunkt der Verlinkung waren keine Rechtsverstöße erkennbar.
        </p>
      </Prose>
    </>
  );
}
