import type { ToasterProps } from "sonner";

/**
 * One look for the toasts of the admin app and of the public pages' islands.
 * The labels are sonner's English defaults ('Notifications alt+T', 'Close toast')
 * in German; sonner appends the hotkey to `containerAriaLabel` itself.
 */
export const toasterOptions = {
  position: "top-center",
  richColors: true,
  closeButton: true,
  containerAriaLabel: "Benachrichtigungen",
  toastOptions: { closeButtonAriaLabel: "Schließen" },
} satisfies ToasterProps;
