/** Provided by the site-script plugin in vite.config.ts (server build only). */
declare module "virtual:site-script" {
  /** URL of the public pages' script, e.g. /assets/site-1a2b3c.js. */
  const url: string;
  export default url;
}
