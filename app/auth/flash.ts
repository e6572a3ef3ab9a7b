import { adminMessages, stepUpMessages } from "~/messages";
import { readCookie } from "./cookies";

/**
 * A one-shot message across a redirect (login → board, a deleted appointment's
 * details page → board), so it shows with and without JavaScript. The cookie
 * holds a key, never user data.
 */
export const flashMessages = {
  login: adminMessages.loggedIn,
  deleted: adminMessages.deleted,
  stepUp: stepUpMessages.confirmed,
} as const;

export type FlashKey = keyof typeof flashMessages;

const FLASH_COOKIE = "hc_flash";
// Path=/ because React Router's data requests go to /admin.data, outside Path=/admin.
const ATTRIBUTES = "Path=/; HttpOnly; SameSite=Lax";

export function flashCookie(key: FlashKey): string {
  return `${FLASH_COOKIE}=${key}; ${ATTRIBUTES}; Max-Age=60`;
}

export function clearFlashCookie(): string {
  return `${FLASH_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;
}

export function readFlash(request: Request): FlashKey | null {
  const value = readCookie(request.headers.get("cookie"), FLASH_COOKIE);
  return value && Object.hasOwn(flashMessages, value) ? (value as FlashKey) : null;
}
