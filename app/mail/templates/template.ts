import type * as React from "react";

/** Parameters of a message as stored in the outbox; all strings. */
export type TemplateParams = Record<string, string | undefined>;

export type TemplateContext = {
  /** Absolute URL of the admin board, for the workshop's copies. */
  adminUrl: string;
  /** Absolute URL of the booking section, for "book a new appointment". */
  bookingUrl: string;
};

export type TemplateDefinition = {
  /** Fixed, trusted text: a customer value never reaches a header. */
  subject: string;
  /** Parameters without which the message makes no sense (a programming error, not retried). */
  required: string[];
  html(params: TemplateParams, context: TemplateContext): React.ReactElement;
  text(params: TemplateParams, context: TemplateContext): string;
};

export function defineTemplate(definition: TemplateDefinition): TemplateDefinition {
  return definition;
}
