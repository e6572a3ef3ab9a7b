/**
 * The public pages' only inline script besides the theme's: it loads their module
 * (app/browser/site.ts) once the first contentful paint has been shown, a frame later
 * (decision 021). A `<script type="module">` would be fetched at once and run before that paint,
 * so on a slow phone the text would wait for the script. The page is complete without it; the
 * behaviour follows a moment later. Where the browser does not report paints, it loads after the
 * first frame, and at the latest after a few seconds. The CSP allows it by its hash (server/inline-sources.ts), so the public pages
 * need no nonce.
 */
export function siteScriptLoader(url: string): string {
  return `(function(){var started=false;function load(){if(started)return;started=true;import(${JSON.stringify(url)})}function afterNextFrame(){requestAnimationFrame(function(){setTimeout(load)})}setTimeout(load,${SAFETY_DELAY_MS});var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;if(!types||types.indexOf("paint")<0)return afterNextFrame();new PerformanceObserver(function(list,observer){if(!list.getEntriesByName("first-contentful-paint").length)return;observer.disconnect();afterNextFrame()}).observe({type:"paint",buffered:true})})()`;
}

/** Loads the module anyway if no paint was reported by then (a browser that lists paints but reports none). */
const SAFETY_DELAY_MS = 3000;
