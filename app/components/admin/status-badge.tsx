import { Badge } from "~/components/ui/badge";
import type { AppointmentStatus, EmailStatus } from "~/domain/appointment";

const tones = { beantragt: "yellow", bestätigt: "green", storniert: "red" } as const;

export function StatusBadge({ status, className }: { status: AppointmentStatus; className?: string }) {
  return (
    <Badge tone={tones[status]} className={className}>
      {status}
    </Badge>
  );
}

const emailLabels = {
  pending: { label: "ausstehend", tone: "neutral" },
  sent: { label: "gesendet", tone: "green" },
  failed: { label: "fehlgeschlagen", tone: "red" },
  // Not sent: the appointment's state had overtaken it (a cancellation after the confirmation was queued).
  superseded: { label: "überholt, nicht gesendet", tone: "neutral" },
} as const satisfies Record<EmailStatus, { label: string; tone: string }>;

/** The state of the last e-mail to the customer, in words (not colour alone). */
export function EmailStateBadge({ state }: { state: keyof typeof emailLabels | null }) {
  if (!state) return <span className="text-xs text-muted-foreground">keine</span>;
  const { label, tone } = emailLabels[state];
  return <Badge tone={tone}>E-Mail {label}</Badge>;
}
