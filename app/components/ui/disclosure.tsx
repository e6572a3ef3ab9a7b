import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { buttonClassName } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * The `<summary>` of a `<details>` that opens on demand (the admin menu on a phone, the board's search
 * and export), looking like an outline button with a chevron that turns when open. A `<details>` opens
 * and closes without JavaScript; its parent needs the `group` class for the chevron.
 */
export function DisclosureSummary({ className, children, ...props }: React.ComponentProps<"summary">) {
  return (
    <summary
      className={cn(buttonClassName({ variant: "outline" }), "cursor-pointer list-none [&::-webkit-details-marker]:hidden", className)}
      {...props}
    >
      {children}
      <ChevronDown aria-hidden="true" className="transition-transform group-open:rotate-180 motion-reduce:transition-none" />
    </summary>
  );
}
