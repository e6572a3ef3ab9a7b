/** Provided by the site-styles plugin in vite.config.ts: the root route's CSS (server build only; empty elsewhere). */
declare module "virtual:site-styles" {
  /** The text of each stylesheet, in the order React Router links them. */
  const styles: string[];
  export default styles;
}
