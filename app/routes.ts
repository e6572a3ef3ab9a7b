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
    // contact pages
    route("*", "routes/site/not-found.tsx"),
  ]),
  // admin pages
  // seo resources
  // booking api
  // contact api
  // admin api
] satisfies RouteConfig;
