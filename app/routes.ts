import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The whole URL map in one place; German paths as in the seed. */
export default [
  layout("routes/site/layout.tsx", [
    // Prerendered at build time (react-router.config.ts)
    index("routes/site/home.tsx"),
    route("ueber-uns", "routes/site/about.tsx"),
    route("kontakt", "routes/site/contact.tsx"),
    route("impressum", "routes/site/imprint.tsx"),
    route("datenschutz", "routes/site/privacy.tsx"),
    route("agb", "routes/site/terms.tsx"),
    // The forms' plain posts (without JavaScript) and their answers
    route("termin-anfragen", "routes/booking.tsx"),
    route("nachricht-senden", "routes/contact-message.tsx"),
    route("karte", "routes/site/map.tsx"),
    // The customer's personal link (issue 16): never cached, never passed on as a referrer.
    route("termin/:token", "routes/customer/appointment.tsx"),
    route("termin/:token/kalender.ics", "routes/customer/calendar.ts"),
    // The §57a reminder's unsubscribe link (issue 16): GET asks, POST (also RFC 8058 one-click) unsubscribes.
    route("erinnerung/abmelden/:token", "routes/reminder-unsubscribe.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // Admin pages: no-store everywhere; the layout's guard requires a session for all below it.
  route("admin-login", "routes/admin/login.tsx"),
  route("admin-setup", "routes/admin/setup.tsx"),
  route("admin-einladung", "routes/admin/invitation.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/sicherheit", "routes/admin/security.tsx"),
    route("admin/abmelden", "routes/admin/logout.ts"),
    // When the owner requires a second factor, these wait until the account has one.
    layout("routes/admin/enrolled.ts", [
      route("admin", "routes/admin/board.tsx"),
      route("admin/termine/:id", "routes/admin/appointment.tsx"),
      route("admin/emails", "routes/admin/emails.tsx"),
      route("admin/team", "routes/admin/team.tsx"),
      route("admin/tagesliste", "routes/admin/day-list.tsx"),
      route("admin/planer", "routes/admin/planner.tsx"),
      route("admin/schliesstage", "routes/admin/closures.tsx"),
    ]),
  ]),
  // seo resources
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  // JSON API (docs/api.md): its layout answers failures in German JSON.
  layout("routes/api/layout.ts", [
    route("api/v1/slots", "routes/api/slots.ts"),
    route("api/v1/availability", "routes/api/availability.ts"),
    route("api/v1/appointments", "routes/api/appointments.ts"),
    route("api/v1/contact", "routes/api/contact.ts"),
    route("api/v1/admin/login", "routes/api/admin/login.ts"),
    // The admin API's guard: 401 without a session, no-store always.
    layout("routes/api/admin/layout.ts", [
      route("api/v1/admin/logout", "routes/api/admin/logout.ts"),
      route("api/v1/admin/2fa/setup", "routes/api/admin/second-factor-setup.ts"),
      route("api/v1/admin/2fa/enable", "routes/api/admin/second-factor-enable.ts"),
      layout("routes/api/admin/enrolled.ts", [
        route("api/v1/admin/2fa/disable", "routes/api/admin/second-factor-disable.ts"),
        route("api/v1/admin/2fa/policy", "routes/api/admin/second-factor-policy.ts"),
        route("api/v1/admin/users", "routes/api/admin/users.ts"),
        route("api/v1/admin/users/:id", "routes/api/admin/user.ts"),
        route("api/v1/admin/users/:id/sessions", "routes/api/admin/user-sessions.ts"),
        route("api/v1/admin/sessions", "routes/api/admin/sessions.ts"),
        route("api/v1/admin/sessions/:id", "routes/api/admin/session.ts"),
        route("api/v1/admin/closures", "routes/api/admin/closures.ts"),
        route("api/v1/admin/closures/:id", "routes/api/admin/closure.ts"),
        route("api/v1/admin/appointments", "routes/api/admin/appointments.ts"),
        route("api/v1/admin/appointments/:id", "routes/api/admin/appointment.ts"),
        route("api/v1/admin/appointments/:id/note", "routes/api/admin/appointment-note.ts"),
        route("api/v1/admin/appointments/:id/progress", "routes/api/admin/appointment-progress.ts"),
        route("api/v1/admin/appointments/:id/:transition", "routes/api/admin/appointment-transition.ts"),
        route("api/v1/admin/export.csv", "routes/api/admin/export.ts"),
        route("api/v1/admin/settings", "routes/api/admin/settings.ts"),
      ]),
    ]),
  ]),
] satisfies RouteConfig;
