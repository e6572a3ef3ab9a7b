/** Set on `<html>` once app/browser/site.ts has attached the public pages' behaviour (browser tests wait for it). */
export const ENHANCED_ATTRIBUTE = "data-enhanced";
