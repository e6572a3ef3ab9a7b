import siteScriptUrl from "virtual:site-script";

/** URL of the public pages' script (hashed in production), from the site-script Vite plugin. */
export { siteScriptUrl };
