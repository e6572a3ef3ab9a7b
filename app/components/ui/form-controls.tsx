import type * as React from "react";
import { cn } from "~/lib/cn";

const fieldClassName =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive";

/** Single-line fields are 44 px tall on phones, like the buttons (a touch target). */
const lineFieldHeight = "h-10 max-md:h-11";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(fieldClassName, lineFieldHeight, className)} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClassName, "min-h-20", className)} {...props} />;
}

export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(fieldClassName, lineFieldHeight, className)} {...props} />;
}

/** A form label; its uses pass htmlFor (ESLint checks them, see jsx-a11y/label-has-associated-control). */
export function Label({ className, htmlFor, ...props }: React.ComponentProps<"label">) {
  return <label htmlFor={htmlFor} className={cn("text-sm font-medium leading-none", className)} {...props} />;
}

/** An inline error under a field, announced to screen readers. */
export function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
