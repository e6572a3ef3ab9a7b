import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { LINK_THROTTLE } from "~/auth/throttle.server";
import { decisionField } from "~/components/site/customer-findings";
import { openDatabase } from "~/db/client.server";
import { customerLinks, findings } from "~/db/schema";
import { addDays } from "~/domain/calendar-date";
import { bookingWindow } from "~/domain/slots";
import { hashSecretToken, newSecretToken } from "~/lib/secret-token.server";
import { customerDecisionMessages } from "~/messages";
import { PASSWORD_RESET_LIMITS } from "~/services/account-password.server";
import { insertAppointment } from "../support/factories";
import { useServer } from "../support/fixtures";
import { bookableSlots } from "../support/http";
import { siteSlotRules } from "../support/slot-rules";

/**
 * Every page form that a limit can refuse answers 429 with Retry-After (the seconds to wait), as the
 * JSON API does (the login form's: tests/integration/admin-http.test.ts). React Router passes an
 * action's headers on only through its route's `headers` export, so each page is asked here over
 * HTTP. Each case comes from an address of its own (X-Forwarded-For from the trusted 127.0.0.1), so
 * that the limits of one never count another's posts.
 */

const OWNER = { email: "owner@happycar.example", password: "Werkstatt-Passwort-2026" };
/** The personal link of a confirmed appointment three days ahead, entered before the server starts. */
const CUSTOMER_TOKEN = newSecretToken().token;
/** The personal link of another one, with a finding sent for the customer's decision (issue 30). */
const FINDINGS_TOKEN = newSecretToken().token;
const FINDING_ID = crypto.randomUUID();

describe("the page forms' 429 says how long to wait", () => {
  const server = useServer(
    {
      BOOKING_RATE_LIMIT: "1",
      CONTACT_RATE_LIMIT: "1",
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: "warn",
      EMAIL_WORKER: "false",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
    {
      // Entered before the server starts (PGlite has one process at a time).
      async beforeStart(dataDir) {
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          const date = addDays(bookingWindow(new Date(), siteSlotRules).today, 3);
          const appointment = await insertAppointment(database.db, { status: "bestätigt", date, time: "10:00" });
          await database.db.insert(customerLinks).values({ tokenHash: hashSecretToken(CUSTOMER_TOKEN), appointmentId: appointment.id });
          const withFindings = await insertAppointment(database.db, { status: "bestätigt", date, time: "12:00" });
          await database.db.insert(customerLinks).values({ tokenHash: hashSecretToken(FINDINGS_TOKEN), appointmentId: withFindings.id });
          await database.db.insert(findings).values({
            id: FINDING_ID,
            appointmentId: withFindings.id,
            title: "Bremsbeläge vorne",
            priceCents: 18000,
            urgency: "now",
            sentAt: new Date(),
          });
        } finally {
          await database.close();
        }
      },
    },
  );

  const postForm = (pathname: string, fields: Record<string, string>, client: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, "X-Forwarded-For": client, ...headers },
      body: new URLSearchParams(fields),
    });

  /** The answers to the same form posted until it is refused (at most `attempts` times). */
  async function postUntilRefused(pathname: string, fields: () => Record<string, string>, client: string, attempts: number) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < attempts; attempt++) {
      const response = await postForm(pathname, fields(), client);
      await response.arrayBuffer();
      statuses.push(response.status);
      if (response.status === 429) return { statuses, retryAfter: response.headers.get("retry-after") };
    }
    return { statuses, retryAfter: null };
  }

  it("the booking form (BOOKING_RATE_LIMIT)", async () => {
    const slots = await bookableSlots(server.origin, 2);
    const booking = () => {
      const slot = slots.shift()!;
      return {
        "booking-name": "Anna Muster",
        "booking-email": "anna@example.at",
        "booking-phone": "0664 1234567",
        "booking-service": "Wartung",
        "booking-date": slot.date,
        "booking-time": slot.time,
      };
    };
    const { statuses, retryAfter } = await postUntilRefused("/termin-anfragen", booking, "198.51.100.1", 2);
    expect(statuses).toEqual([303, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("the contact form (CONTACT_RATE_LIMIT)", async () => {
    const message = () => ({ variant: "short", "contact-name": "Anna", "contact-email": "anna@example.at", "contact-message": "Hallo" });
    const { statuses, retryAfter } = await postUntilRefused("/nachricht-senden", message, "198.51.100.2", 2);
    expect(statuses).toEqual([303, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("'Termin absagen' on the customer's page (its limit per address and link)", async () => {
    const cancel = () => ({ intent: "cancel", confirm: "ja" });
    const { statuses, retryAfter } = await postUntilRefused(`/termin/${CUSTOMER_TOKEN}`, cancel, "198.51.100.3", 2);
    expect(statuses).toEqual([303, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("'Freigeben'/'Ablehnen' of the findings on the customer's page (per address and link), in German", async () => {
    let decision = "declined";
    const decide = () => ({
      intent: "decide",
      [decisionField(FINDING_ID)]: (decision = decision === "approved" ? "declined" : "approved"),
    });
    const { statuses, retryAfter } = await postUntilRefused(`/termin/${FINDINGS_TOKEN}`, decide, "198.51.100.8", 2);
    expect(statuses).toEqual([303, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const refused = await postForm(`/termin/${FINDINGS_TOKEN}`, decide(), "198.51.100.8");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(customerDecisionMessages["rate-limited"]);
    // The one submission that went through is what the page shows.
    const page = await (await fetch(`${server.origin}/termin/${FINDINGS_TOKEN}`)).text();
    const checked = [...page.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes("checked"));
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain('value="approved"');
  });

  it("'Passwort vergessen?' (per typed address)", async () => {
    const request = () => ({ email: "chef@happycar.example" });
    const { statuses, retryAfter } = await postUntilRefused(
      "/admin-passwort-vergessen",
      request,
      "198.51.100.4",
      PASSWORD_RESET_LIMITS.requestsPerAddress + 1,
    );
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("the reset link's new password (the link pages' posts per IP)", async () => {
    const guess = () => ({ password: "Neues-Passwort-2026!", passwordRepeat: "Neues-Passwort-2026!" });
    const { statuses, retryAfter } = await postUntilRefused(
      `/admin-passwort-neu/${"x".repeat(43)}`,
      guess,
      "198.51.100.5",
      LINK_THROTTLE.postsPerIp + 1,
    );
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("the password change under 'Sicherheit' (the login's limits)", async () => {
    const login = await fetch(`${server.origin}/api/v1/admin/login`, {
      method: "POST",
      headers: { Origin: server.origin, "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.6" },
      body: JSON.stringify(OWNER),
    });
    expect(login.status).toBe(204);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const statuses: number[] = [];
    let refused: Response | undefined;
    // Wrong current passwords: the login's limits count them and refuse within a few.
    for (let attempt = 0; attempt < 8 && !refused; attempt++) {
      const fields = {
        intent: "password",
        currentPassword: `falsch-${attempt}`,
        password: "Neu-2026-Passwort!",
        passwordRepeat: "Neu-2026-Passwort!",
      };
      const response = await postForm("/admin/sicherheit", fields, "198.51.100.7", { Cookie: cookie });
      await response.arrayBuffer();
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
