/**
 * What every service answers (DEVELOPERS.md): the value, or a string-literal code saying why not.
 * Codes are words for the program, never HTTP statuses or German: the edge turns them into both,
 * once (app/http-status.ts, app/messages.ts). A refusal may carry the facts its wording needs
 * (`fail("too-many-open", { limit })`).
 */
export type Ok<T> = { ok: true; value: T };
export type Failure<C extends string> = { ok: false; code: C };
export type Result<T, C extends string> = Ok<T> | Failure<C>;

/** The failures of a result type, with whatever facts they carry. */
export type FailureOf<R> = Extract<R, { ok: false }>;

export function ok(): Ok<undefined>;
export function ok<T>(value: T): Ok<T>;
export function ok<T>(value?: T): Ok<T | undefined> {
  return { ok: true, value };
}

export function fail<const C extends string>(code: C): Failure<C>;
export function fail<const C extends string, const D extends object>(code: C, facts: D): Failure<C> & D;
export function fail(code: string, facts: object = {}): Failure<string> {
  return { ...facts, ok: false, code };
}
