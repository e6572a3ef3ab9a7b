import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The whole URL map in one place; German paths as in the seed. */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("ueber-uns", "routes/site/about.tsx"),
    route("kontakt", "routes/site/contact.tsx"),
    route("impressum", "routes/site/imprint.tsx"),
    route("datenschutz", "routes/site/privacy.tsx"),
    route("agb", "routes/site/terms.tsx"),
    // booking pages
    route("termin-anfragen", "routes/booking.tsx"),
    // contact pages
    route("nachricht-senden", "routes/contact-message.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // admin pages
  route("admin-login", "routes/admin/login.tsx"),
  route("admin-setup", "routes/admin/setup.tsx"),
  // Every page below requires a session: the layout and each handler go through requireAdmin.
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/board.tsx"),
    route("admin/termine/:id", "routes/admin/appointment.tsx"),
    route("admin/emails", "routes/admin/emails.tsx"),
    route("admin/abmelden", "routes/admin/logout.ts"),
  ]),
  // seo resources
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  // booking api
  route("api/v1/slots", "routes/api/slots.ts"),
  route("api/v1/availability", "routes/api/availability.ts"),
  route("api/v1/appointments", "routes/api/appointments.ts"),
  // contact api
  route("api/v1/contact", "routes/api/contact.ts"),
  // admin api
  route("api/v1/admin/login", "routes/api/admin/login.ts"),
  route("api/v1/admin/logout", "routes/api/admin/logout.ts"),
  route("api/v1/admin/appointments", "routes/api/admin/appointments.ts"),
  route("api/v1/admin/appointments/:id", "routes/api/admin/appointment.ts"),
  route("api/v1/admin/appointments/:id/:transition", "routes/api/admin/appointment-transition.ts"),
] satisfies RouteConfig;
