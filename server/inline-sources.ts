import crypto from "node:crypto";

/**
 * CSP sources (`'sha256-…'`) of the inline scripts and stylesheets the pages carry: the public
 * pages' script loader (app/lib/site-script-loader.ts) and their stylesheet (`virtual:site-styles`,
 * app/site.css as built). server/index.ts hands the server the same texts the pages write, hashed
 * once at start (decisions 015 and 021). No stylesheet in development, where the pages link it.
 */
export function hashSources(texts: readonly string[]): string[] {
  return texts.map((text) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
}
