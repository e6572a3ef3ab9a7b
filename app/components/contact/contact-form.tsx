// Placeholder: the e-mail issue replaces this with the working contact forms.
export function ContactForm({ variant }: { variant: "short" | "full" }) {
  return <div data-contact-form={variant} />;
}
