import type * as React from "react";
import { cn } from "~/lib/cn";

/** A page section with the common width, spacing and a heading with optional intro. */
export function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id?: string;
  title: string;
  intro?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("px-4 py-16 md:py-20", className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight md:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** The title band of a sub-page (below the fixed header). */
export function PageHeader({ title, intro }: { title: string; intro?: React.ReactNode }) {
  return (
    <div className="border-b border-border bg-muted/40 px-4 py-14 md:py-20">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{title}</h1>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{intro}</p> : null}
      </div>
    </div>
  );
}

/** Long legal text: readable line length and spacing without a typography plugin. */
export function Prose({ children }: { children: React.ReactNode }) {
  return (
    <div className="px-4 py-12">
      <div
        className={cn(
          "mx-auto max-w-6xl leading-relaxed [&>*]:max-w-3xl",
          "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2:first-child]:mt-0",
          "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold",
          "[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6",
          "[&_dl]:mt-3 [&_dt]:mt-3 [&_dt]:font-semibold",
          "[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4",
        )}
      >
        {children}
      </div>
    </div>
  );
}
