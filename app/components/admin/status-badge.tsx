import { Badge } from "~/components/ui/badge";
import type { AppointmentStatus } from "~/domain/appointment";

const tones = { beantragt: "yellow", bestätigt: "green", storniert: "red" } as const;

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return <Badge tone={tones[status]}>{status}</Badge>;
}

const emailLabels = {
  pending: { label: "ausstehend", tone: "neutral" },
  sent: { label: "gesendet", tone: "green" },
  failed: { label: "fehlgeschlagen", tone: "red" },
} as const;

/** The state of the last e-mail to the customer, in words (not colour alone). */
export function EmailStateBadge({ state }: { state: keyof typeof emailLabels | null }) {
  if (!state) return <span className="text-xs text-muted-foreground">keine</span>;
  const { label, tone } = emailLabels[state];
  return <Badge tone={tone}>E-Mail {label}</Badge>;
}
