/**
 * The only script of the public pages (docs/decisions/009). The pages are
 * complete without it; it adds the behaviour of the shared layout and loads
 * the React form islands once the visitor gets near a form.
 */
import { enhanceBackToTop } from "./back-to-top";
import { ENHANCED_ATTRIBUTE } from "./enhanced";
import { enhanceHeader } from "./header";
import { loadIslandsOnApproach } from "./island-loader";
import { enhanceMap } from "./map";
import { followSystemTheme } from "./theme";

enhanceHeader(document);
followSystemTheme(document);
enhanceBackToTop(document);
enhanceMap(document);
loadIslandsOnApproach(document, () => import("./islands"));
document.documentElement.setAttribute(ENHANCED_ATTRIBUTE, "");
