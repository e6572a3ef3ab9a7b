import type * as React from "react";
import { cn } from "~/lib/cn";

const tones = {
  neutral: "bg-secondary text-secondary-foreground",
  yellow: "bg-yellow-200 text-yellow-950",
  green: "bg-green-200 text-green-950",
  red: "bg-red-200 text-red-950",
} as const;

export function Badge({ tone = "neutral", className, ...props }: React.ComponentProps<"span"> & { tone?: keyof typeof tones }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[tone], className)} {...props} />
  );
}
