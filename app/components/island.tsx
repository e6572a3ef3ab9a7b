import type { ComponentProps, ComponentType } from "react";
import { BookingSection } from "./booking/booking-section";
import { ContactForm } from "./contact/contact-form";

/**
 * The interactive parts of the public pages. The server renders them like
 * any component; app/browser/islands.tsx hydrates them in place. They must not
 * use React Router (its client is not on these pages) and take only JSON props.
 */
export const islandComponents = { booking: BookingSection, contact: ContactForm };

export type IslandName = keyof typeof islandComponents;

export const islandPropsAttribute = "data-island-props";

/** An island as the server renders it: the component, and the props the browser hydrates it with. */
export function Island<Name extends IslandName>({ name, props }: { name: Name; props: ComponentProps<(typeof islandComponents)[Name]> }) {
  const Component = islandComponents[name] as ComponentType<object>;
  return (
    <div data-island={name} {...{ [islandPropsAttribute]: JSON.stringify(props) }}>
      <Component {...props} />
    </div>
  );
}
