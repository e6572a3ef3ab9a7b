import { data, redirect, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { type AdminActionData, answerOrFailure, unanswered, unansweredData } from "./action-result";

const failure = () => unansweredData("confirm", "Termin konnte nicht bestätigt werden.");

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

  it("a server that failed (500: an Error; 503 in an outage) is the action's failure too", async () => {
    await expect(answerOrFailure(rejecting(new Error("Unexpected Server Error")), failure)).resolves.toMatchObject({
      message: "Termin konnte nicht bestätigt werden.",
    });
    await expect(answerOrFailure(rejecting(routeError(503)), failure)).resolves.toMatchObject({ unanswered: true });
  });

  it("a redirect (the session expired) and a thrown 4xx still take their way", async () => {
    const toLogin = redirect("/admin-login");
    await expect(answerOrFailure(rejecting(toLogin), failure)).rejects.toBe(toLogin);
    const notFound = routeError(404);
    await expect(answerOrFailure(rejecting(notFound), failure)).rejects.toBe(notFound);
  });

  it("only an unanswered action's result says so", () => {
    expect(unanswered(failure())).toBe(true);
    expect(unanswered({ ok: false, intent: "confirm", message: "x" })).toBe(false);
    expect(unanswered(data({ ok: true }))).toBe(false);
    expect(unanswered(undefined)).toBe(false);
  });
});
