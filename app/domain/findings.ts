import type { ProgressState } from "./appointment";

/**
 * Findings ('Befunde', issue 30): what the workshop found on the car, with a price the customer
 * approves or declines on the personal link. Pure rules, no wording (app/messages.ts).
 */

export const urgencies = ["now", "soon", "watch"] as const;
export type Urgency = (typeof urgencies)[number];

export const findingDecisions = ["approved", "declined"] as const;
export type FindingDecision = (typeof findingDecisions)[number];

/** Who made a decision: the customer on the personal link, or an admin who heard it on the phone. */
export const deciders = ["customer", "admin"] as const;
export type Decider = (typeof deciders)[number];

export const MAX_FINDING_TITLE_LENGTH = 120;
export const MAX_FINDING_DESCRIPTION_LENGTH = 2000;
/** € 100,000.00 gross: above any repair on a car, below integer overflow. */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_PHOTOS_PER_FINDING = 6;

export function isUrgency(value: unknown): value is Urgency {
  return typeof value === "string" && (urgencies as readonly string[]).includes(value);
}

export function isFindingDecision(value: unknown): value is FindingDecision {
  return typeof value === "string" && (findingDecisions as readonly string[]).includes(value);
}

/**
 * A euro amount as typed on the board ('180,00', '180', '1.234,50', '180.5') in whole cents, or null
 * when it is none. A dot before exactly three digits groups thousands; otherwise it is the decimal sign.
 */
export function parseEuroCents(input: string): number | null {
  const text = input.trim().replace(/\s|€/g, "");
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(text)) return null;
  const normalized = /,/.test(text) || /\.\d{3}$/.test(text) ? text.replace(/\./g, "").replace(",", ".") : text;
  const cents = Math.round(Number(normalized) * 100);
  return Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** A decision can be changed on the link until the car is being worked on ('In Arbeit') or ready. */
export function decisionsOpen(progress: ProgressState | null): boolean {
  return progress === null || progress === "arrived";
}

/** The sum of the approved findings' prices (cents): the running total the customer sees. */
export function approvedTotal(findings: readonly { priceCents: number; decision: FindingDecision | null }[]): number {
  return findings.reduce((sum, finding) => sum + (finding.decision === "approved" ? finding.priceCents : 0), 0);
}

/** What the board and the personal link show of findings (services/findings.server.ts reads them). */
export type FindingFields = { title: string; description: string | null; priceCents: number; urgency: Urgency };

export type FindingPhotoView = { id: string; width: number; height: number };

export type DecisionView = {
  decision: FindingDecision;
  decidedBy: Decider;
  adminName: string | null;
  decidedAt: Date;
  title: string;
  priceCents: number;
};

export type FindingView = FindingFields & {
  id: string;
  replacesId: string | null;
  sentAt: Date | null;
  withdrawnAt: Date | null;
  createdAt: Date;
  photos: FindingPhotoView[];
  /** The newest decision, which counts; null while none was made. */
  decision: DecisionView | null;
  /** Every decision, oldest first. */
  decisions: DecisionView[];
};

export type BoardFindings = { estimateCents: number | null; findings: FindingView[]; approvedTotalCents: number; hasEmail: boolean };

export type CustomerFindings = {
  estimateCents: number | null;
  findings: FindingView[];
  approvedTotalCents: number;
  /** Decisions can still be given or changed on the link (until 'In Arbeit'). */
  open: boolean;
};
