/** Provided by the site-styles plugin in vite.config.ts: app/site.css as built, the public pages' CSS (server build only; empty elsewhere). */
declare module "virtual:site-styles" {
  /** The text of each stylesheet, written inline in this order. */
  const styles: string[];
  export default styles;
}
