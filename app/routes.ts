import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

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
    // A finding's photo (issue 30), only for the link's holder.
    route("termin/:token/fotos/:photoId", "routes/customer/photo.ts"),
    // The §57a reminder's unsubscribe link (issue 16): GET asks, POST (also RFC 8058 one-click) unsubscribes.
    route("erinnerung/abmelden/:token", "routes/reminder-unsubscribe.tsx"),
    // The waiting list's e-mail (issue 28): GET asks, POST takes the entry off the list.
    route("warteliste/verlassen/:token", "routes/waitlist-leave.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // Admin pages: no-store everywhere; the layout's guard requires a session for all below it.
  route("admin-login", "routes/admin/login.tsx"),
  route("admin-setup", "routes/admin/setup.tsx"),
  route("admin-einladung", "routes/admin/invitation.tsx"),
  // 'Passwort vergessen?': asks for the address; the e-mailed one-time link (1 hour) sets a new password.
  route("admin-passwort-vergessen", "routes/admin/password-forgotten.tsx"),
  route("admin-passwort-neu/:token", "routes/admin/password-reset.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/sicherheit", "routes/admin/security.tsx"),
    route("admin/abmelden", "routes/admin/logout.ts"),
    // When the owner requires a second factor, these wait until the account has one.
    layout("routes/admin/enrolled.ts", [
      route("admin", "routes/admin/board.tsx"),
      // 'Termin eintragen' (issue 28): a phone or counter appointment, also from a free cell of the planner.
      route("admin/termine/neu", "routes/admin/new-appointment.tsx"),
      route("admin/termine/:id", "routes/admin/appointment.tsx"),
      route("admin/emails", "routes/admin/emails.tsx"),
      route("admin/team", "routes/admin/team.tsx"),
      route("admin/tagesliste", "routes/admin/day-list.tsx"),
      route("admin/planer", "routes/admin/planner.tsx"),
      route("admin/schliesstage", "routes/admin/closures.tsx"),
      route("admin/werkstatt", "routes/admin/workshop.tsx"),
      route("admin/sicherungen", "routes/admin/backups.tsx"),
      route("admin/einstellungen", "routes/admin/settings.tsx"),
      route("admin/bestaetigen", "routes/admin/step-up.tsx"),
    ]),
  ]),
  // seo resources
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
] satisfies RouteConfig;
