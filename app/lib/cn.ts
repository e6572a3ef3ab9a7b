import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. No tailwind-merge (8 KB gzip on every page): an override
 * passed to a component must not compete with one of its own classes for the
 * same property (say `text-base` against `text-sm`), because then the order of
 * the generated CSS, not the order here, decides. Components offer variants or
 * sizes for such cases; the call sites use responsive variants (`max-lg:hidden`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
