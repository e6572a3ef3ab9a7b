import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn";

const variants = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border border-border bg-transparent hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

// Each size sets its own text size: a shared `text-sm` would compete with
// `text-base` (cn does not merge conflicting classes). Below md (phones) every
// size is at least 44 px tall, a touch target a finger hits (WCAG 2.5.5).
const sizes = {
  default: "h-10 px-4 py-2 text-sm max-md:h-11",
  sm: "h-9 px-3 text-sm max-md:h-11",
  lg: "h-11 px-6 text-base",
  icon: "size-10 text-sm max-md:size-11",
  /** As tall and wide as its text, e.g. a link-styled action in a line of text. */
  inline: "p-0 text-sm",
} as const;

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link) with the button's look. */
  asChild?: boolean;
};

export function buttonClassName({
  variant = "default",
  size = "default",
  className,
}: Pick<ButtonProps, "variant" | "size" | "className"> = {}): string {
  return cn(
    "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
    "disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ variant, size, className, asChild, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={buttonClassName({ variant, size, className })} {...props} />;
}
