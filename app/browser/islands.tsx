// The public pages' inline stylesheet leaves the toasts out (decision 021): their CSS comes with this chunk.
import "sonner/dist/styles.css";
import { type ComponentType, createElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Toaster } from "sonner";
import { islandComponents, type IslandName, islandPropsAttribute } from "~/components/island";
import { toasterOptions } from "~/lib/toaster";

/** Hydrates each server-rendered island with the props it was rendered with, and adds the toasts. */
export function hydrateIslands(elements: HTMLElement[]) {
  const toaster = document.createElement("div");
  document.body.append(toaster);
  createRoot(toaster).render(<Toaster {...toasterOptions} />);
  for (const element of elements) {
    const component = islandComponents[element.dataset.island as IslandName] as ComponentType<object> | undefined;
    if (!component) continue;
    const props = JSON.parse(element.getAttribute(islandPropsAttribute) ?? "{}") as object;
    hydrateRoot(element, createElement(component, props));
  }
}
