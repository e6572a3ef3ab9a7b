import { Link } from "react-router";
import { useOptionalPublicFacts } from "~/components/site/public-facts-context";
import { site } from "~/config/site";
import { Logo } from "./logo";
import { footerNavigation, legalNavigation } from "./navigation";

const linkClassName =
  "rounded-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function Footer() {
  const facts = useOptionalPublicFacts();
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-[74rem] gap-10 px-4 py-12 sm:grid-cols-2 md:grid-cols-3">
        <div className="space-y-3">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Happy Car – zur Startseite"
          >
            <Logo className="h-10" />
            <span className="text-lg font-bold">{site.name}</span>
          </Link>
          <p className="max-w-xs text-sm text-muted-foreground">
            {site.tagline} – {site.experienceClaim}.
          </p>
          {facts ? <p className="text-sm text-muted-foreground">{facts.fullAddress}</p> : null}
        </div>
        <FooterLinkColumn id="footer-navigation" title="Navigation" items={footerNavigation} />
        <FooterLinkColumn id="footer-legal" title="Rechtliches" items={legalNavigation} />
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-[74rem] flex-col items-center gap-1 px-4 py-6">
          <p className="text-center text-sm text-muted-foreground">
            © {site.copyrightYear} {site.name}. Alle Rechte vorbehalten.
          </p>
          {/* The seed's only way to the admin login: a dot that is barely visible but keyboard- and screen-reader-reachable. */}
          <Link
            to="/admin-login"
            aria-label="Admin-Anmeldung"
            className="flex size-6 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span aria-hidden="true" className="size-1 rounded-full bg-muted-foreground/25" />
          </Link>
        </div>
      </div>
    </footer>
  );
}

function FooterLinkColumn({ id, title, items }: { id: string; title: string; items: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-sm font-semibold uppercase tracking-wide">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={linkClassName}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
