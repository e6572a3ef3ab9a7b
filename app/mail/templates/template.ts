import type * as React from "react";
import type { PublicFacts } from "~/lib/public-facts";

export type TemplateContext = {
  /** The workshop's facts as the worker read them when sending (issue 29): name, address, phones, hours. */
  workshop: PublicFacts;
  /** Absolute URL of the admin board, for the workshop's copies. */
  adminUrl: string;
  /** Absolute URL of the e-mail's appointment on the board (login first when needed, then back to it). */
  appointmentAdminUrl: string | null;
  /** Absolute URL of the booking section, for "book a new appointment". */
  bookingUrl: string;
  /** The customer's personal page of the appointment (/termin/<token>), when the e-mail carries a token. */
  customerUrl: string | null;
  /** The one-click unsubscribe page of a §57a reminder (/erinnerung/abmelden/<token>), when the e-mail carries a token. */
  unsubscribeUrl: string | null;
  /** The waiting list's e-mail (issue 28): the booking form opened on its day and service, and the page to leave the list. */
  waitlist: { bookingUrl: string; leaveUrl: string } | null;
};

/**
 * One e-mail, written once as a React element: the HTML part is its markup,
 * the plain-text part is derived from that markup (./plain-text.ts).
 */
export type TemplateDefinition<Props> = {
  /**
   * Fixed, trusted text, or one computed from checked values that are no
   * customer text (a date, a month): a customer's words never reach a header.
   */
  subject: string | ((props: Props) => string);
  body(props: Props, context: TemplateContext): React.ReactElement;
};

export function defineTemplate<Props>(definition: TemplateDefinition<Props>): TemplateDefinition<Props> {
  return definition;
}
