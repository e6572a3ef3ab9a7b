/** A file size in German, e.g. "812 Bytes", "14,2 KB", "3,1 MB" (1 KB = 1,024 bytes). */
export function formatSizeDE(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "KB"] : [bytes / (1024 * 1024), "MB"];
  return `${value.toLocaleString("de-AT", { maximumFractionDigits: 1 })} ${unit}`;
}
