import { data, redirect, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { type AdminActionData, answerOrFailure, failureData, unanswered } from "./action-result";

const failure = () => failureData("confirm", "Termin konnte nicht bestätigt werden.");

/** What the browser's `serverAction()` rejects with, decoded the way React Router's single fetch does. */
function rejecting(error: unknown) {
  return () => Promise.reject(error);
}

/** A thrown `data(…, { status })` as the browser gets it: an ErrorResponse that `isRouteErrorResponse` knows. */
function routeError(status: number) {
  return new UNSAFE_ErrorResponseImpl(status, "", null);
}

describe("answerOrFailure (issue 12: a failed admin action is a 'Fehler' toast, never the error screen)", () => {
  it("passes the server's answer through, failures with a status included", async () => {
    const answer: AdminActionData = { ok: false, intent: "confirm", message: "x" };
    await expect(answerOrFailure(() => Promise.resolve(answer), failure)).resolves.toBe(answer);
  });

  it("a dropped connection (fetch's TypeError) is the action's failure, with nothing to reload", async () => {
    const result = await answerOrFailure(rejecting(new TypeError("Failed to fetch")), failure);
    expect(result).toEqual({ ok: false, intent: "confirm", message: "Termin konnte nicht bestätigt werden.", unanswered: true });
    expect(unanswered(result)).toBe(true);
  });

  it("a server or proxy that failed (500: an Error; 503 in an outage) is the action's failure, and the page reloads", async () => {
    // It may have failed after its commit: the list must show what is stored now.
    for (const error of [new Error("Unexpected Server Error"), routeError(503), routeError(504)]) {
      const result = await answerOrFailure(rejecting(error), failure);
      expect(result).toEqual({ ok: false, intent: "confirm", message: "Termin konnte nicht bestätigt werden." });
      expect(unanswered(result)).toBe(false);
    }
  });

  it("a redirect (the session expired) and a thrown 4xx still take their way", async () => {
    const toLogin = redirect("/admin-login");
    await expect(answerOrFailure(rejecting(toLogin), failure)).rejects.toBe(toLogin);
    const notFound = routeError(404);
    await expect(answerOrFailure(rejecting(notFound), failure)).rejects.toBe(notFound);
  });

  it("only an action that never reached the server is unanswered", () => {
    expect(unanswered({ ...failure(), unanswered: true })).toBe(true);
    expect(unanswered(failure())).toBe(false);
    expect(unanswered(data({ ok: true }))).toBe(false);
    expect(unanswered(undefined)).toBe(false);
  });
});
