import type { ToasterProps } from "sonner";

/** One look for the toasts of the admin app and of the public pages' islands. */
export const toasterOptions = { position: "top-center", richColors: true, closeButton: true } satisfies ToasterProps;
