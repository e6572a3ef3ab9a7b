import { useEffect } from "react";
import { data, isRouteErrorResponse } from "react-router";
import { toast } from "sonner";
import { showSuccessToast } from "~/lib/toaster";
import { useHydrated } from "~/lib/use-hydrated";
import { isNetworkError } from "./load-error";

/** What every admin action answers: a success toast or a German failure message. */
export type AdminActionData =
  | { ok: true; intent: string; title: string; description: string }
  | { ok: false; intent: string; message: string; field?: string; unanswered?: true };

/** An action's failure in the browser's words (answerOrFailure): what could not be done. */
export function failureData(intent: string, message: string): AdminActionData {
  return { ok: false, intent, message };
}

/** For `shouldRevalidate`: after an action that never reached the server there is nothing new to load. */
export function unanswered(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && "unanswered" in actionResult && actionResult.unanswered === true;
}

/**
 * In the browser (a route's `clientAction`): the server action's answer, or `failure` when there
 * was none the page can use, so it stays and says what failed instead of the router's error screen.
 * - fetch rejected (connection dropped): the request never arrived, nothing changed, nothing to
 *   reload (`unanswered`);
 * - the server or a proxy failed (500, 502, 503, 504): it may have failed after its commit, so the
 *   page reloads its data (in an outage that load fails and says so, with 'Erneut versuchen').
 * A redirect (expired session) and a thrown 4xx still take their way.
 */
export async function answerOrFailure<T extends object>(serverAction: () => Promise<T>, failure: () => T): Promise<T> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    return isNetworkError(error) ? { ...failure(), unanswered: true } : failure();
  }
}

/** The answer to an unreadable form post (too large, malformed): its status and German message. */
export function bodyErrorData(error: { status: number; message: string }) {
  return data<AdminActionData>({ ok: false, intent: "", message: error.message }, { status: error.status });
}

/** With JavaScript: a toast per answer (failures titled 'Fehler', destructive). */
export function useActionToast(data: AdminActionData | undefined) {
  useEffect(() => {
    if (!data) return;
    if (data.ok) showSuccessToast(data.title, { description: data.description });
    else if (!data.field) toast.error("Fehler", { description: data.message });
  }, [data]);
}

/** Without JavaScript there are no toasts: the answer is shown in the page instead. */
export function ActionNotice({ data }: { data: AdminActionData | undefined }) {
  const hydrated = useHydrated();
  useActionToast(data);
  if (!data || hydrated || (!data.ok && data.field)) return null;
  return (
    <div
      role={data.ok ? "status" : "alert"}
      className={
        data.ok
          ? "rounded-md border border-green-600 bg-green-100 p-3 text-sm text-green-950"
          : "rounded-md border border-destructive bg-red-100 p-3 text-sm text-red-950"
      }
    >
      <p className="font-semibold">{data.ok ? data.title : "Fehler"}</p>
      <p>{data.ok ? data.description : data.message}</p>
    </div>
  );
}

/** A page action's one-line answer, shown inline with and without JavaScript (the board's setting pages). */
export function ResultMessage({ result }: { result: { ok: boolean; message: string } | undefined }) {
  if (!result?.message) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={
        result.ok
          ? "rounded-md border border-green-600 bg-green-100 p-3 text-sm text-green-950"
          : "rounded-md border border-destructive p-3 text-sm font-medium text-destructive"
      }
    >
      {result.message}
    </p>
  );
}
