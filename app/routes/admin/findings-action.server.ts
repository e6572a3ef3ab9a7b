import { data, type RouterContextProvider } from "react-router";
import type { FindingsAnswer } from "~/components/admin/findings-card";
import { adminContext, databaseContext } from "~/context";
import { isFindingDecision } from "~/domain/findings";
import { fail } from "~/domain/result";
import { statusOf } from "~/http-status";
import type { FormBody } from "~/lib/http.server";
import { findingMessages } from "~/messages";
import { isAppointmentId } from "~/services/appointment-queries.server";
import { selfServiceConfig } from "~/services/customer-appointment.server";
import {
  createFinding,
  parseEstimate,
  parseFindingFields,
  preparePhotos,
  recordPhoneDecision,
  removeFinding,
  sendFindings,
  setEstimate,
} from "~/services/findings.server";

const answer = (ok: boolean, message: string, status = 200) => data<FindingsAnswer>({ intent: "findings", ok, message }, { status });

/**
 * The findings card's plain form posts (multipart, also without JavaScript): 'Speichern' of the
 * estimate, 'Befund speichern' with photos, 'Entfernen' (deleted, or withdrawn once sent), 'Zur
 * Freigabe senden' and a decision heard on the phone. Each answers in the card, with its status.
 */
export async function findingsAction(id: string | undefined, context: Readonly<RouterContextProvider>, form: FormBody) {
  const db = context.get(databaseContext);
  const admin = context.get(adminContext);
  const { fields } = form;
  const appointmentId = isAppointmentId(id) ? id : null;
  let result;
  let message: string;
  switch (fields.intent) {
    case "estimate": {
      const estimate = parseEstimate(fields.estimate?.trim() ?? "");
      result = !estimate.ok
        ? estimate
        : appointmentId
          ? await setEstimate(db, { appointmentId, admin, estimateCents: estimate.value })
          : fail("notFound");
      message = findingMessages.estimateSaved;
      break;
    }
    case "finding-add": {
      const parsed = parseFindingFields(fields);
      const photos = parsed.ok ? await preparePhotos(form.files.photos ?? []) : parsed;
      result = !photos.ok
        ? photos
        : appointmentId && parsed.ok
          ? await createFinding(db, { appointmentId, admin, fields: parsed.value, photos: photos.value })
          : fail("notFound");
      message = findingMessages.saved;
      break;
    }
    case "finding-remove": {
      result = appointmentId ? await removeFinding(db, { appointmentId, findingId: fields.findingId ?? "", admin }) : fail("notFound");
      message = result.ok && result.value.removed === "withdrawn" ? findingMessages.withdrawn : findingMessages.deleted;
      break;
    }
    case "findings-send": {
      const workshopEmail = (await selfServiceConfig(db)).workshopEmail;
      result = appointmentId ? await sendFindings(db, { appointmentId, admin, workshopEmail }) : fail("notFound");
      message = result.ok
        ? result.value.emailQueued
          ? findingMessages.sent(result.value.sent)
          : findingMessages.sentWithoutEmail(result.value.sent)
        : "";
      break;
    }
    default: {
      const decision = fields.decision;
      if (!isFindingDecision(decision)) return answer(false, findingMessages.invalidDecision, 400);
      result = appointmentId
        ? await recordPhoneDecision(db, { appointmentId, findingId: fields.findingId ?? "", admin, decision })
        : fail("notFound");
      message = findingMessages.decisionSaved;
    }
  }
  if (!result.ok) return answer(false, findingMessages[result.code], statusOf(result.code));
  return answer(true, message);
}
