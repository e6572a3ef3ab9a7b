import { Dialog } from "radix-ui";
import type * as React from "react";

/**
 * Accessible modal (Radix): focus is trapped and returned, the rest of the
 * page is hidden from assistive technology, Escape closes, title and
 * description are announced. The backdrop is a plain div, not Dialog.Overlay:
 * the Overlay locks scrolling by injecting a <style> element, which the strict
 * CSP (style-src 'self') blocks. Centred in the viewport and never taller than
 * it (a phone in landscape): a long dialog scrolls inside itself.
 */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-lg focus-visible:outline-none"
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description ? <Dialog.Description className="mt-2 text-sm text-muted-foreground">{description}</Dialog.Description> : null}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DialogClose = Dialog.Close;
