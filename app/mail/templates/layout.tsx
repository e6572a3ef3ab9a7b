import type * as React from "react";
import { createContext, useContext } from "react";
import { site } from "~/config/site";
import type { PublicFacts } from "~/lib/public-facts";

/** The workshop's facts of the e-mail being rendered (./index.ts renderEmail sets them). */
export const MailWorkshopContext = createContext<PublicFacts | null>(null);

/**
 * Shared frame of every e-mail: the workshop's name and its contact details
 * from its facts (issue 29). E-mail clients ignore style sheets, so styles are inline.
 * React escapes every value, so customer text can only ever appear as text.
 */
const colors = { brand: "#1d4ed8", text: "#0f172a", muted: "#475569", border: "#e2e8f0", bg: "#f8fafc" };

export function EmailLayout({ title, children }: { title: string; children: React.ReactNode }) {
  const workshop = useContext(MailWorkshopContext);
  if (!workshop) throw new Error("EmailLayout outside renderEmail");
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: colors.bg, color: colors.text, fontFamily: "Arial, Helvetica, sans-serif" }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: colors.bg }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, backgroundColor: "#ffffff", border: `1px solid ${colors.border}`, borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td style={{ backgroundColor: colors.brand, color: "#ffffff", padding: "16px 24px", borderRadius: "8px 8px 0 0" }}>
                        <div style={{ fontSize: 22, fontWeight: 700 }}>{site.name}</div>
                        <div style={{ fontSize: 13 }}>{site.tagline}</div>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24, fontSize: 15, lineHeight: 1.5 }}>
                        <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>{title}</h1>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        data-footer
                        style={{ padding: "16px 24px", borderTop: `1px solid ${colors.border}`, fontSize: 12, color: colors.muted }}
                      >
                        {workshop.legalName} · {workshop.fullAddress}
                        <br />
                        {workshop.phones.map((phone) => `${phone.label}: ${phone.display}`).join(" · ")} · {workshop.email}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export type DetailRow = [label: string, value: string | undefined];

/** The label/value table of an appointment or message; empty values are left out. */
export function Details({ rows }: { rows: DetailRow[] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "16px 0", borderCollapse: "collapse" }}>
      <tbody>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <tr key={label} data-detail>
              <td style={{ padding: "4px 16px 4px 0", color: colors.muted, verticalAlign: "top" }}>{label}</td>
              <td style={{ padding: "4px 0", whiteSpace: "pre-wrap" }}>{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

export function Paragraph({ children }: { children: React.ReactNode }) {
  return <p style={{ margin: "0 0 12px" }}>{children}</p>;
}

/** A link styled as a button, in a paragraph of its own. */
export function ButtonLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Paragraph>
      <a
        href={href}
        style={{
          display: "inline-block",
          backgroundColor: colors.brand,
          color: "#ffffff",
          padding: "10px 16px",
          borderRadius: 6,
          textDecoration: "none",
        }}
      >
        {children}
      </a>
    </Paragraph>
  );
}

/**
 * The customer's personal page (issue 16): status, details and, while it is
 * early enough, 'Termin absagen'. Nothing when the e-mail carries no token.
 */
export function CustomerLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <>
      <Paragraph>Den aktuellen Stand Ihres Termins sehen Sie jederzeit auf Ihrer persönlichen Terminseite:</Paragraph>
      <ButtonLink href={url}>Meinen Termin ansehen</ButtonLink>
    </>
  );
}

/** The greeting that closes every e-mail to a customer. */
export function SignOff() {
  return (
    <Paragraph>
      Mit freundlichen Grüßen
      <br />
      Ihr {site.name} Team
    </Paragraph>
  );
}
