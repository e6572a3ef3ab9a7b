import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { usePublicFacts } from "./public-facts-context";

const linkClassName =
  "rounded-sm font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Phone numbers, e-mail and address, from the workshop's facts (the 'Einstellungen' page). */
export function ContactDetails() {
  const { phones, email, fullAddress } = usePublicFacts();
  return (
    <ul className="space-y-4">
      {phones.map((phone) => (
        <li key={phone.href} className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span>
            <span className="block text-sm text-muted-foreground">Telefon {phone.label}</span>
            <a href={phone.href} className={linkClassName}>
              {phone.display}
            </a>
          </span>
        </li>
      ))}
      <li className="flex gap-3">
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>
          <span className="block text-sm text-muted-foreground">E-Mail</span>
          <a href={`mailto:${email}`} className={linkClassName}>
            {email}
          </a>
        </span>
      </li>
      <li className="flex gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>
          <span className="block text-sm text-muted-foreground">Adresse</span>
          <span className="font-medium">{fullAddress}</span>
        </span>
      </li>
    </ul>
  );
}

/** The opening hours as customers read them: runs of days with the same hours. */
export function OpeningHours() {
  const { hoursDisplay } = usePublicFacts();
  return (
    <div className="flex gap-3">
      <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex-1">
        <h3 className="text-sm text-muted-foreground">Öffnungszeiten</h3>
        <dl className="mt-1 max-w-xs space-y-1">
          {hoursDisplay.map((row) => (
            <div key={row.days} className="flex justify-between gap-6">
              <dt className="font-medium">{row.days}</dt>
              <dd>{row.hours}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
