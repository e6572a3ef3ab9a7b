export type ContentEncoding = "br" | "gzip" | "identity";

/**
 * The best of br, gzip and identity that an Accept-Encoding header allows
 * (highest q; br before gzip on a tie), as the compression middleware decides.
 */
export function preferredEncoding(header: string | undefined): ContentEncoding {
  if (!header) return "identity";
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [coding = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    quality.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  const q = (coding: string) => quality.get(coding) ?? quality.get("*") ?? 0;
  const br = q("br");
  const gzip = q("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}
