import { Link } from "react-router";
import { usePublicFacts } from "~/components/site/public-facts-context";
import { PageHeader, Prose } from "~/components/site/section";
import { site } from "~/config/site";
import { pageMeta, publicPages } from "~/lib/seo";
import { THEME_STORAGE_KEY } from "~/lib/theme";
import { formatHours } from "~/messages";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(publicPages.privacy, matches);
}

export default function PrivacyPage() {
  const { retention, booking } = site;
  const facts = usePublicFacts();
  const phone = facts.mainPhone;
  return (
    <>
      <PageHeader
        title="Datenschutzerklärung"
        intro="Der Schutz Ihrer Daten ist uns wichtig. Hier erfahren Sie, welche Daten diese Website verarbeitet, wozu, auf welcher Rechtsgrundlage, wie lange – und welche Rechte Sie haben."
      />
      <Prose>
        <h2>1. Verantwortlicher</h2>
        <p>
          {facts.legalName}, {facts.fullAddress}, {facts.country}
          <br />
          E-Mail: <a href={`mailto:${facts.email}`}>{facts.email}</a>, Telefon: <a href={phone.href}>{phone.display}</a>
        </p>

        <h2>2. Das Wichtigste in Kürze</h2>
        <ul>
          <li>Wir setzen keine Analyse-, Tracking- oder Werbedienste ein und erstellen keine Nutzungsprofile.</li>
          <li>Wir verwenden keine Cookies zu Analyse- oder Werbezwecken.</li>
          <li>Schriften, Bilder und Skripte werden ausschließlich von unserem eigenen Server geladen.</li>
          <li>Die Karte von OpenStreetMap wird erst geladen, wenn Sie auf „Karte laden“ klicken.</li>
          <li>Daten aus Terminanfragen und Kontaktnachrichten verwenden wir nur, um Ihr Anliegen zu bearbeiten.</li>
        </ul>

        <h2>3. Aufruf der Website (Hosting)</h2>
        <p>
          Beim Aufruf jeder Seite überträgt Ihr Browser technisch notwendige Daten an unseren Server: IP-Adresse, Datum und Uhrzeit, die
          aufgerufene Adresse, den Browsertyp und die Antwort des Servers. Wir verwenden diese Daten, um die Website auszuliefern, ihre
          Sicherheit zu gewährleisten und Fehler zu beheben. Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren und
          funktionsfähigen Betrieb (Art. 6 Abs. 1 lit. f DSGVO).
        </p>
        <p>
          Zum Schutz vor Missbrauch (etwa massenhaft versendeten Anfragen) zählen wir Terminanfragen und Kontaktnachrichten je IP-Adresse in
          kurzen Zeitfenstern. Diese Zähler werden täglich gelöscht, sobald sie älter als {retention.rateLimitRecordsDays} Tage sind. Die
          Website wird bei einem Hosting-Anbieter betrieben, der die Daten ausschließlich in unserem Auftrag verarbeitet
          (Auftragsverarbeiter gemäß Art. 28 DSGVO).
        </p>

        <h2>4. Online-Terminanfrage</h2>
        <p>
          Wenn Sie einen Termin anfragen, verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse, Ihre Telefonnummer, den gewünschten Tag, die
          Uhrzeit, die gewünschte Leistung und – falls angegeben – Ihre Nachricht. Zweck ist die Planung und Durchführung des
          Werkstatttermins sowie die Kommunikation dazu (Bestätigung oder Absage per E-Mail). Rechtsgrundlage ist die Durchführung
          vorvertraglicher Maßnahmen bzw. die Erfüllung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO).
        </p>
        <p>
          Freiwillig können Sie im Abschnitt „Ihr Fahrzeug“ Angaben zu Ihrem Auto machen: Kennzeichen, Marke und Modell, Kilometerstand und
          Erstzulassung. Damit bereiten wir den Termin vor (etwa Ersatzteile, Arbeitszeit und bei der §57a-Überprüfung das Prüfgutachten)
          und erkennen Ihr Fahrzeug bei der Übergabe wieder. Außerdem geben Sie an, wie Ihr Auto zu uns kommt (Sie warten, Sie lassen es da
          oder Sie nutzen unseren Hol- und Bringservice). Für den Hol- und Bringservice brauchen wir die Abholadresse; sie erhalten nur
          unser Team und die Person, die Ihr Auto abholt und zurückbringt – in der Bestätigung Ihrer Anfrage an Sie steht sie nicht.
          Rechtsgrundlage ist auch hier Art. 6 Abs. 1 lit. b DSGVO. Diese Angaben speichern wir mit Ihrer Terminanfrage und löschen sie mit
          ihr (Fristen unten).
        </p>
        <p>Speicherdauer:</p>
        <ul>
          <li>
            Nicht bestätigte oder stornierte Anfragen löschen wir {retention.unconfirmedDaysAfterDate} Tage nach dem angefragten Termin.
          </li>
          <li>
            Bestätigte Termine löschen wir {retention.confirmedMonthsAfterDate} Monate nach dem Termin, damit wir bei Rückfragen oder
            Gewährleistungsfällen nachvollziehen können, wann Ihr Fahrzeug bei uns war.
          </li>
          <li>
            Rechnungen und andere Buchhaltungsunterlagen zu einem durchgeführten Auftrag bewahren wir so lange auf, wie es das Gesetz
            verlangt (in der Regel sieben Jahre, § 132 Bundesabgabenordnung).
          </li>
        </ul>
        <p>
          Warteliste: Ist ein Tag ausgebucht, können Sie sich mit Name, E-Mail-Adresse, Telefonnummer, Tag und Leistung auf die Warteliste
          dieses Tages setzen. Wird an diesem Tag ein Termin frei, schicken wir Ihnen dazu eine E-Mail (Art. 6 Abs. 1 lit. b DSGVO, auf Ihre
          Anfrage). Über den Link in dieser E-Mail können Sie die Warteliste jederzeit verlassen. Die Warteliste endet mit ihrem Tag: Am Tag
          danach löschen wir Ihren Eintrag; von den verschickten E-Mails bleibt nur, dass sie verschickt wurden.
        </p>

        <h2>5. Ihre persönliche Terminseite</h2>
        <p>
          Jede E-Mail, die wir Ihnen zu einer Terminanfrage schicken, enthält einen persönlichen Link (/termin/…). Darüber sehen Sie den
          aktuellen Stand Ihres Termins und können ihn bis {formatHours(facts.cancelCutoffHours)} vor Beginn selbst absagen; den Grund
          anzugeben ist freiwillig. Wer den Link kennt, sieht Ihren Termin – geben Sie ihn daher nicht weiter. Der Link funktioniert bis{" "}
          {booking.selfServiceDaysAfter} Tage nach dem Termin. Wir speichern nicht den Link selbst, sondern nur einen daraus berechneten
          Prüfwert (Hash), sodass auch aus unserer Datenbank niemand Ihren Link zurückgewinnen kann. Die Seite wird weder
          zwischengespeichert noch von Suchmaschinen erfasst. Sagen Sie selbst ab, erhalten Sie und wir eine E-Mail darüber. Rechtsgrundlage
          ist Art. 6 Abs. 1 lit. b DSGVO; die Prüfwerte werden mit dem Termin gelöscht (Fristen oben).
        </p>
        <p>
          Befunde und Fotos: Finden wir bei der Arbeit an Ihrem Fahrzeug etwas, das zusätzlich gemacht werden sollte, zeigen wir es Ihnen
          auf dieser Seite mit Beschreibung, Preis und Fotos des Fahrzeugs, die wir in der Werkstatt aufnehmen. Die Fotos speichern wir
          verkleinert und ohne Metadaten (kein Aufnahmeort, keine Kameradaten) in unserer Datenbank; zu sehen sind sie nur über Ihren
          persönlichen Link und für unser Team. Ihre Freigabe oder Ablehnung speichern wir als unveränderlichen Nachweis mit dem gezeigten
          Text und Preis, dem Zeitpunkt und einem verschlüsselten Prüfwert Ihrer IP-Adresse (nicht der Adresse selbst), denn eine Freigabe
          muss später belegbar sein (Art. 6 Abs. 1 lit. b und c DSGVO, § 1170a ABGB). Befunde, Fotos und Nachweise werden mit dem Termin
          gelöscht – nach den oben genannten Fristen oder wenn wir den Termin vorher löschen.
        </p>

        <h2>6. Terminerinnerung</h2>
        <p>
          Für einen bestätigten Termin schicken wir Ihnen etwa {formatHours(facts.reminderHours)} vor Beginn eine Erinnerung per E-Mail –
          mit den Termindaten, dem Kalendereintrag und Ihrem persönlichen Link. Dafür verwenden wir nur die Daten Ihrer Terminanfrage. Wird
          der Termin vorher abgesagt oder erst kurz vorher bestätigt, entfällt die Erinnerung. Ist die Arbeit erledigt, schicken wir Ihnen
          außerdem eine kurze Nachricht, dass Sie das Auto abholen können, mit unseren Öffnungszeiten; den Stand der Arbeit (angekommen, in
          Arbeit, abholbereit) sehen Sie auch auf Ihrer Terminseite. Rechtsgrundlage ist die Durchführung des Vertrags (Art. 6 Abs. 1 lit. b
          DSGVO). Gespeichert wird nur, dass die Erinnerung verschickt wurde, und zwar so lange wie der Termin selbst.
        </p>

        <h2>7. Erinnerung an die §57a-Begutachtung (Einwilligung)</h2>
        <p>
          Wenn Sie bei einer Terminanfrage die Erstzulassung Ihres Fahrzeugs angeben, können Sie das Kästchen „An die nächste
          §57a-Begutachtung erinnern“ ankreuzen. Es ist nie vorausgewählt. Dann erinnern wir Sie per E-Mail zu Beginn des Monats vor der
          Fälligkeit Ihres „Pickerls“: nach der 3-2-1-Regel drei Jahre nach der Erstzulassung, zwei Jahre danach und dann jährlich, jeweils
          im Monat der Erstzulassung. Dafür speichern wir Ihren Namen, Ihre E-Mail-Adresse, das Kennzeichen (falls angegeben), den Monat der
          Erstzulassung, den Monat der letzten Erinnerung sowie als Nachweis Ihrer Einwilligung deren Zeitpunkt und den Wortlaut, dem Sie
          zugestimmt haben. Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO).
        </p>
        <p>
          Wir speichern für jedes Fahrzeug nur eine Einwilligung je E-Mail-Adresse: Das Fahrzeug erkennen wir am Kennzeichen, ohne
          Kennzeichen am Monat der Erstzulassung. Kreuzen Sie das Kästchen bei einer weiteren Terminanfrage für dasselbe Fahrzeug wieder an,
          erneuern wir diese eine Einwilligung mit dem neuen Zeitpunkt und Ihren aktuellen Angaben, statt eine weitere anzulegen. So
          erhalten Sie für jede Fälligkeit nur eine Erinnerung.
        </p>
        <p>
          Sie können die Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3 DSGVO): mit einem Klick auf den Link
          „Erinnerungen abbestellen“ in jeder Erinnerungs-E-Mail, über die Abmeldefunktion Ihres E-Mail-Programms oder mit einer formlosen
          Nachricht an uns. Damit enden die Erinnerungen für dieses Fahrzeug. Jeder Abmeldelink ist nur für die eine E-Mail erzeugt; wir
          speichern auch von ihm nur einen Prüfwert (Hash). Nach einem Widerruf heben wir die Angaben noch{" "}
          {retention.inspectionReminderMonths} Monate als Nachweis der Einwilligung und ihres Widerrufs auf und löschen sie dann samt den
          Abmeldelinks. Kreuzen Sie das Kästchen danach wieder an, gilt das als neue Einwilligung.
        </p>
        <p>
          Solange Sie nicht widerrufen, bewahren wir die Angaben für die Erinnerungen auf – auch wenn der Termin selbst nach den oben
          genannten Fristen gelöscht wird, denn die nächste Begutachtung kann bis zu zwei Jahre entfernt sein. Löschen wir dagegen eine
          Terminanfrage, bei der Sie das Kästchen angekreuzt haben, etwa weil Sie uns darum bitten, löschen wir die Einwilligung für dieses
          Fahrzeug sofort mit, auch wenn Sie sie später erneuert haben (Recht auf Löschung, Art. 17 DSGVO). Sie können uns auch bitten, nur
          die Erinnerung zu löschen: Dann löschen wir die Einwilligung samt Nachweis und Abmeldelinks, und es geht keine Erinnerung mehr für
          dieses Fahrzeug hinaus. Die verschickten Erinnerungen (Empfänger und Inhalt) löschen wir {retention.inspectionReminderMonths}{" "}
          Monate nach dem Versand.
        </p>

        <h2>8. Kontaktformular und E-Mail</h2>
        <p>
          Wenn Sie uns über ein Kontaktformular oder per E-Mail schreiben, verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse, Ihre Nachricht
          und – falls angegeben – Telefonnummer und Betreff, um Ihre Anfrage zu beantworten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO,
          wenn Ihre Anfrage einen Auftrag betrifft oder vorbereitet, sonst unser berechtigtes Interesse, Anfragen zu beantworten (Art. 6
          Abs. 1 lit. f DSGVO). Kontaktnachrichten löschen wir {retention.contactMessagesMonths} Monate nach ihrem Eingang, sofern sie nicht
          zu einem Auftrag gehören.
        </p>

        <h2>9. Empfänger Ihrer Daten</h2>
        <p>Ihre Daten erhalten nur:</p>
        <ul>
          <li>unsere Mitarbeiterinnen und Mitarbeiter, soweit sie sie für ihre Aufgaben benötigen,</li>
          <li>unseren Hosting-Anbieter, der Server und Datenbank für uns betreibt,</li>
          <li>unseren E-Mail-Anbieter, über den Bestätigungen, Absagen, Erinnerungen und Antworten versendet werden.</li>
        </ul>
        <p>
          Beide Dienstleister sind als Auftragsverarbeiter vertraglich an unsere Weisungen gebunden. Sollte ein Dienstleister Daten
          außerhalb des Europäischen Wirtschaftsraums verarbeiten, geschieht das nur auf Grundlage eines Angemessenheitsbeschlusses der
          EU-Kommission oder von Standardvertragsklauseln (Art. 45, 46 DSGVO). Wir verkaufen keine Daten und geben sie nicht zu Werbezwecken
          weiter.
        </p>

        <h2>10. Speicherung im Browser (Farbschema)</h2>
        <p>
          Wenn Sie das Farbschema mit dem Schalter in der Kopfzeile ändern, speichern wir Ihre Wahl („light“, „dark“ oder „system“) im
          lokalen Speicher Ihres Browsers (localStorage, Schlüssel „{THEME_STORAGE_KEY}“). Dieser Eintrag wird nur angelegt, wenn Sie den
          Schalter benutzen, verlässt Ihr Gerät nicht und wird nicht an uns übertragen. Er ist für die von Ihnen ausdrücklich gewünschte
          Funktion unbedingt erforderlich (§ 165 Abs. 3 Telekommunikationsgesetz 2021). Sie können ihn jederzeit über die Einstellungen
          Ihres Browsers löschen.
        </p>

        <h2>11. Karte (OpenStreetMap)</h2>
        <p>
          Auf der Startseite und der Kontaktseite können Sie eine Karte mit unserem Standort anzeigen. Solange Sie nicht auf „Karte laden“
          klicken, wird keine Verbindung zu Dritten aufgebaut. Erst nach Ihrem Klick lädt Ihr Browser die Karte von der OpenStreetMap
          Foundation (St John’s Innovation Centre, Cowley Road, Cambridge, CB4 0WS, Vereinigtes Königreich); dabei werden Ihre IP-Adresse
          und technische Browserdaten dorthin übertragen. Für das Vereinigte Königreich besteht ein Angemessenheitsbeschluss der
          EU-Kommission. Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die Sie mit dem Klick erteilen. Wir speichern
          sie nicht: Beim nächsten Seitenaufruf wird die Karte erst wieder nach einem neuen Klick geladen. Details:{" "}
          <a href="https://osmfoundation.org/wiki/Privacy_Policy">Datenschutzerklärung der OpenStreetMap Foundation</a>.
        </p>
        <p>
          Der Link „In Google Maps öffnen“ führt zu Google Maps. Erst wenn Sie ihm folgen, werden Daten an Google übertragen; dann gilt die
          Datenschutzerklärung von Google.
        </p>

        <h2>12. Ihre Rechte</h2>
        <p>Sie haben das Recht auf</p>
        <ul>
          <li>Auskunft über Ihre gespeicherten Daten (Art. 15 DSGVO),</li>
          <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
          <li>Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
          <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
          <li>Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO),</li>
          <li>Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).</li>
        </ul>
        <p>
          Schreiben Sie uns dazu einfach an <a href={`mailto:${facts.email}`}>{facts.email}</a> oder nutzen Sie unser{" "}
          <Link to="/kontakt">Kontaktformular</Link>.
        </p>

        <h2>13. Beschwerde bei der Datenschutzbehörde</h2>
        <p>
          Wenn Sie meinen, dass wir Ihre Daten nicht rechtmäßig verarbeiten, können Sie sich bei der österreichischen Datenschutzbehörde
          beschweren: Österreichische Datenschutzbehörde, Barichgasse 40–42, 1030 Wien, <a href="mailto:dsb@dsb.gv.at">dsb@dsb.gv.at</a>,{" "}
          <a href="https://www.dsb.gv.at">www.dsb.gv.at</a>.
        </p>

        <h2>14. Pflicht zur Bereitstellung</h2>
        <p>
          Sie sind nicht verpflichtet, uns Daten zu geben. Ohne Name, E-Mail-Adresse und Telefonnummer können wir eine Terminanfrage jedoch
          nicht bearbeiten, ohne E-Mail-Adresse keine Nachricht beantworten. Die Angaben zu Ihrem Fahrzeug sind freiwillig; nur für den Hol-
          und Bringservice brauchen wir die Abholadresse. Eine automatisierte Entscheidungsfindung oder Profiling findet nicht statt.
        </p>
        <p>Stand: November 2026</p>
      </Prose>
    </>
  );
}
