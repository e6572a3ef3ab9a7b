import { Dialog } from "radix-ui";
import type * as React from "react";
import { useRef, useState } from "react";

/**
 * Accessible modal (Radix): focus is trapped, the rest of the page is hidden
 * from assistive technology, Escape closes, title and description are
 * announced; on closing, focus returns as `returnFocus` says (Radix itself
 * only knows a Dialog.Trigger, which these dialogs have none of). The
 * backdrop is a plain div, not Dialog.Overlay: the Overlay locks scrolling by
 * injecting a <style> element, which the strict CSP (style-src 'self')
 * blocks. Centred in the viewport and never taller than it (a phone in
 * landscape): a long dialog scrolls inside itself.
 */
export function AdminDialog({
  open,
  onOpenChange,
  returnFocus,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Moves focus where it belongs after closing; false leaves it to Radix. */
  returnFocus?: () => boolean;
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
          onCloseAutoFocus={(event) => {
            if (returnFocus?.()) event.preventDefault();
          }}
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

/** What a dialog asks about, opened by a control on the page. */
export type DialogTarget<T> = {
  target: T | null;
  open: (value: T, opener: HTMLElement) => void;
  close: () => void;
  returnFocus: () => boolean;
};

// Only controls take focus back, never a text field: on a phone that would open the keyboard.
const RETURNABLE = "a[href], button:not([disabled])";

/**
 * A dialog's target and the way back: the control that opened it and its containers up to the
 * page's <main>, as they were when it opened. On closing, focus returns to the opener or, when the
 * answer removed it (the appointment was cancelled or deleted), to the first link or button of its
 * nearest container still on the page, never to <body>.
 */
export function useDialogTarget<T>(): DialogTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  const trail = useRef<HTMLElement[]>([]);
  return {
    target,
    open: (value, opener) => {
      trail.current = [];
      for (let element: HTMLElement | null = opener; element && element.tagName !== "MAIN"; element = element.parentElement) {
        trail.current.push(element);
      }
      setTarget(value);
    },
    close: () => setTarget(null),
    returnFocus: () => {
      for (const element of trail.current) {
        if (!element.isConnected) continue;
        // Rendered ones only: the board has its table and its phone cards in the page, one of them hidden.
        const control = [element, ...element.querySelectorAll<HTMLElement>(RETURNABLE)].find(
          (candidate) => candidate.matches(RETURNABLE) && candidate.getClientRects().length > 0,
        );
        if (control) {
          control.focus();
          return true;
        }
      }
      return false;
    },
  };
}
