import { type ExternalToast, toast, type ToasterProps } from "sonner";

/**
 * One look for the toasts of the admin app and of the public pages' islands.
 * Bottom right on a desktop, where they cover neither the header's navigation
 * nor a form's first fields; sonner spans them across the bottom on screens up
 * to 600 px. The labels are sonner's English defaults ('Notifications alt+T',
 * 'Close toast') in German; sonner appends the hotkey to `containerAriaLabel` itself.
 */
export const toasterOptions = {
  position: "bottom-right",
  richColors: true,
  closeButton: true,
  containerAriaLabel: "Benachrichtigungen",
  toastOptions: { closeButtonAriaLabel: "Schließen" },
} satisfies ToasterProps;

/**
 * A success toast that first dismisses the error toasts still shown: once it
 * worked, an earlier 'Fehler' (a field since corrected, a wrong password
 * before the login that succeeded) is no longer true.
 */
export function showSuccessToast(title: string, options?: ExternalToast) {
  for (const shown of toast.getToasts()) {
    if ("type" in shown && shown.type === "error") toast.dismiss(shown.id);
  }
  return toast.success(title, options);
}
