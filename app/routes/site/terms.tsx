import { Link } from "react-router";
import { usePublicFacts } from "~/components/site/public-facts-context";
import { PageHeader, Prose } from "~/components/site/section";
import { pageMeta, publicPages } from "~/lib/seo";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(publicPages.terms, matches);
}

export default function TermsPage() {
  const { legalName, fullAddress } = usePublicFacts();
  return (
    <>
      <PageHeader
        title="Allgemeine Geschäftsbedingungen"
        intro={`Allgemeine Geschäftsbedingungen von ${legalName}, ${fullAddress}, für Reparatur-, Service- und Prüfaufträge.`}
      />
      <Prose>
        <h2>1. Geltungsbereich</h2>
        <p>
          Diese Bedingungen gelten für alle Aufträge an {legalName} („wir“) über Reparaturen, Wartungen, Überprüfungen und den Verkauf von
          Teilen. Gegenüber Verbraucherinnen und Verbrauchern im Sinne des Konsumentenschutzgesetzes (KSchG) gelten sie nur, soweit
          zwingende Bestimmungen nicht entgegenstehen.
        </p>

        <h2>2. Terminanfragen und Auftrag</h2>
        <p>
          Eine Terminanfrage über unsere Website ist noch keine Buchung. Der Termin gilt erst als vereinbart, wenn wir ihn per E-Mail
          bestätigen. Der Reparaturauftrag kommt mit Ihrer Unterschrift auf dem Auftragsschein oder Ihrer ausdrücklichen Freigabe (auch
          telefonisch oder per E-Mail) zustande.
        </p>

        <h2>3. Kostenvoranschläge</h2>
        <p>
          Auf Wunsch erstellen wir vor Beginn der Arbeiten einen Kostenvoranschlag. Ob er verbindlich ist, ist darauf ausdrücklich
          angegeben. Zeigt sich bei einem unverbindlichen Kostenvoranschlag, dass die Kosten um mehr als 15 % überschritten werden, holen
          wir vor der Weiterarbeit Ihre Zustimmung ein. Zusätzliche Arbeiten, die sich erst während der Reparatur als nötig erweisen, führen
          wir nur nach Ihrer Freigabe durch.
        </p>

        <h2>4. Preise und Zahlung</h2>
        <p>
          Alle Preise verstehen sich in Euro einschließlich der gesetzlichen Umsatzsteuer. Rechnungen sind innerhalb von 14 Tagen ab
          Rechnungsdatum ohne Abzug zur Zahlung fällig. Bei Zahlungsverzug verrechnen wir die gesetzlichen Verzugszinsen. Wir dürfen das
          Fahrzeug bis zur Bezahlung der fälligen Rechnung zurückbehalten (§ 471 ABGB).
        </p>

        <h2>5. Abholung des Fahrzeugs</h2>
        <p>
          Wir informieren Sie, sobald Ihr Fahrzeug fertig ist. Holen Sie es nicht innerhalb von einer Woche nach dieser Verständigung ab,
          können wir eine angemessene Standgebühr verrechnen. Ausgebaute Altteile entsorgen wir fachgerecht, sofern Sie sie nicht bei der
          Auftragserteilung zurückverlangen.
        </p>

        <h2>6. Gewährleistung</h2>
        <p>
          Es gilt die gesetzliche Gewährleistung. Für Arbeiten und neue Teile beträgt sie gegenüber Verbraucherinnen und Verbrauchern zwei
          Jahre. Für gebrauchte Waren (etwa gebrauchte Ersatzteile oder Reifen) beträgt die Gewährleistungsfrist ein Jahr ab Übergabe; mit
          Verbraucherinnen und Verbrauchern wird diese Verkürzung im Einzelfall ausdrücklich vereinbart. Bitte melden Sie Mängel so bald wie
          möglich, damit wir sie rasch beheben können.
        </p>

        <h2>7. Haftung</h2>
        <p>
          Wir haften für Schäden, die wir vorsätzlich oder grob fahrlässig verursachen. Für leichte Fahrlässigkeit haften wir nur bei
          Personenschäden und bei Schäden an Sachen, die wir zur Bearbeitung übernommen haben. Für Wertgegenstände, die im Fahrzeug
          zurückgelassen werden, übernehmen wir keine Haftung, soweit sie uns nicht gesondert übergeben wurden.
        </p>

        <h2>8. Datenschutz</h2>
        <p>
          Wie wir Ihre Daten verarbeiten, erfahren Sie in unserer <Link to="/datenschutz">Datenschutzerklärung</Link>.
        </p>

        <h2>9. Anwendbares Recht und Gerichtsstand</h2>
        <p>
          Es gilt österreichisches Recht unter Ausschluss des UN-Kaufrechts und der Verweisungsnormen des internationalen Privatrechts. Für
          Unternehmer ist Gerichtsstand das sachlich zuständige Gericht in Wien. Für Verbraucherinnen und Verbraucher gelten die
          gesetzlichen Gerichtsstände (§ 14 KSchG); zwingende Verbraucherschutzbestimmungen ihres Aufenthaltsstaats bleiben unberührt.
        </p>

        <h2>10. Schlussbestimmungen</h2>
        <p>
          Sollte eine Bestimmung dieser Bedingungen unwirksam sein, bleiben die übrigen Bestimmungen davon unberührt. Änderungen und
          Ergänzungen des Auftrags bedürfen zu ihrer Beweisbarkeit der Schriftform (auch E-Mail).
        </p>
        <p>Stand: November 2026</p>
      </Prose>
    </>
  );
}
