import { ContactDetails } from "~/components/site/contact-details";
import { MapEmbed } from "~/components/site/map-embed";
import { PageHeader } from "~/components/site/section";
import { site } from "~/config/site";
import type { Route } from "./+types/map";

export function meta() {
  return [{ title: `Anfahrt – ${site.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * 'Karte laden' without JavaScript: the public pages are kept per facts version and the
 * same for everyone, so the consent form comes here, where the map is shown
 * at once (with JavaScript the map appears in place, app/browser/map.ts).
 */
export default function MapPage(_: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Anfahrt" intro={`So finden Sie zu ${site.name}.`} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[1fr_2fr]">
        <ContactDetails />
        <MapEmbed loaded />
      </div>
    </>
  );
}
