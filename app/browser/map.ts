/**
 * 'Karte laden' (markup: app/components/site/map-embed.tsx): the consent
 * click puts the OpenStreetMap iframe from its inert template in place of the
 * notice, without the round trip the plain form would make.
 */
export function enhanceMap(document: Document) {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-map-consent]")) {
    form.addEventListener("submit", (event) => {
      const placeholder = form.closest("[data-map-placeholder]");
      const frame = placeholder?.querySelector<HTMLTemplateElement>("template[data-map-frame]")?.content.firstElementChild;
      if (!placeholder || !frame) return;
      event.preventDefault();
      placeholder.replaceWith(frame.cloneNode(true));
    });
  }
}
